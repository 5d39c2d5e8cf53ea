/**
 * The download-app prompt is for browsers on Android (C§2): the mini programs show none. The browser
 * build resolves download-prompt.h5.tsx.
 */
export function DownloadAppPrompt() {
  return null;
}
