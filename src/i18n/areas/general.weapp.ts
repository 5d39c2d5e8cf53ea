/** The general area's texts on the chat-app mini program: see general-mini.ts. */
import './general-mini';
