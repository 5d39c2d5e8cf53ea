/** The general area's texts on the chat-app mini program: see general-messages-mini.ts. */
import './general-messages-mini';
