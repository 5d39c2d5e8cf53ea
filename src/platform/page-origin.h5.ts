/** The H5 page's own origin (the server that serves the app also answers its API and sockets). */
export const pageOrigin = (): string => (typeof location !== 'undefined' ? location.origin : '');
