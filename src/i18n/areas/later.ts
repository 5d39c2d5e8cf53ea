/**
 * Adds the zh-CN start-up texts that the first screens (the entry page and the home tab) do not show
 * (locales/later/zh-CN.ts) to the messages. The H5 build adds this import to every page module but
 * those two (config/subpackage-messages-loader.js), so the texts travel in the page chunks instead of
 * the start-up script (APP-4). The mini programs bundle them with the start-up tree (src/platform/message-catalog-mini.ts);
 * the other languages carry these keys in their start-up trees.
 */
import { addMessages } from '../index';
import { laterZhCN } from '../../../locales/later/zh-CN';

addMessages('zh-CN', laterZhCN);
