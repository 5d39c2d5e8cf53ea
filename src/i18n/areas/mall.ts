/**
 * Adds the points mall texts (locales/areas/mall) to the messages. Imported by the pages of the area, so
 * the texts travel in their subpackage, not in the start-up code.
 */
import { addAreaMessages } from '../index';
import { mall as zhCN } from '../../../locales/areas/mall/zh-CN';
import { mall as en } from '../../../locales/areas/mall/en';
import { mall as zhTW } from '../../../locales/areas/mall/zh-TW';
import { mall as es } from '../../../locales/areas/mall/es';
import { mall as fr } from '../../../locales/areas/mall/fr';

addAreaMessages('mall', { 'zh-CN': zhCN, en, 'zh-TW': zhTW, es, fr });
