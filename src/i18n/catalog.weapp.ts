/** The chat-app mini program's messages: see catalog-mini.ts. */
export { bundledMessages, fetchMessages } from './catalog-mini';
