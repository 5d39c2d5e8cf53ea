/** The general area's texts on the payment-app mini program: see general-messages-mini.ts. */
import './general-messages-mini';
