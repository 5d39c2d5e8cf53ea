/** The payment-app mini program's messages: see message-catalog-mini.ts. */
export { bundledMessages, fetchMessages } from './message-catalog-mini';
