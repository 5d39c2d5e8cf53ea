/** The general area's texts on the payment-app mini program: see general-mini.ts. */
import './general-mini';
