/**
 * Adds the wallet texts (locales/areas/wallet) to the messages. Imported by the pages of the area, so
 * the texts travel in their subpackage, not in the start-up code.
 */
import { addAreaMessages } from '../index';
import { wallet as zhCN } from '../../../locales/areas/wallet/zh-CN';
import { wallet as en } from '../../../locales/areas/wallet/en';
import { wallet as zhTW } from '../../../locales/areas/wallet/zh-TW';
import { wallet as es } from '../../../locales/areas/wallet/es';
import { wallet as fr } from '../../../locales/areas/wallet/fr';

addAreaMessages('wallet', { 'zh-CN': zhCN, en, 'zh-TW': zhTW, es, fr });
