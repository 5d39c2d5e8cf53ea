/**
 * The general area on the mini programs, whose main package holds these pages: the default language
 * only (and English in the overseas build, which starts in it); another language arrives with that
 * language's start-up messages (user/messages answers the general area with them), like the rest of
 * the messages a mini program does not carry (docs/decisions.md "Mini-program languages come from the server").
 */
import { addMessages } from '../i18n';
import { general as zhCN } from '../../locales/areas/general/zh-CN';

addMessages('zh-CN', { general: zhCN });
if (ABROAD_ENV) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  addMessages('en', { general: (require('../../locales/areas/general/en') as { general: object }).general });
}
