import { unsupported } from './types';
import type { ShareAdapter } from './share-types';

/**
 * Mini programs (weapp and alipay alike): a `<Button openType="share">` opens the host's friend
 * picker, which takes the title and path from the page's `onShareAppMessage`; there is no call.
 */
export const share: ShareAdapter = {
  buttonOpenType: 'share',
  share: () => unsupported('a mini program shares through a share button and onShareAppMessage'),
};
