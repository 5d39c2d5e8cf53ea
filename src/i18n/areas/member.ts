/**
 * Adds the member account texts (locales/areas/member) to the messages. Imported by the pages of the area, so
 * the texts travel in their subpackage, not in the start-up code.
 */
import { addAreaMessages } from '../index';
import { member as zhCN } from '../../../locales/areas/member/zh-CN';
import { member as en } from '../../../locales/areas/member/en';
import { member as zhTW } from '../../../locales/areas/member/zh-TW';
import { member as es } from '../../../locales/areas/member/es';
import { member as fr } from '../../../locales/areas/member/fr';

addAreaMessages('member', { 'zh-CN': zhCN, en, 'zh-TW': zhTW, es, fr });
