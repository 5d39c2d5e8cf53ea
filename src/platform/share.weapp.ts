/** Chat-app sharing: the share button and the page's onShareAppMessage. */
export { share } from './share-mini';
export type { ShareAdapter, ShareContent } from './share-types';
