import { interaction } from './interaction-taro';
import { taroUi } from './ui-taro';

export { TOAST_DURATION_MS } from './ui-taro';

/** Toast, modal and navigation through Taro; the toast and modal code is bundled (mini programs, tests). */
export const ui = taroUi(interaction);
