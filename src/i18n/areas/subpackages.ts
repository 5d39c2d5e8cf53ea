/**
 * Adds the zh-CN start-up texts that only subpackage pages show (route titles, empty screens, the
 * confirm, payment, address, shop and table-service texts: locales/subpackages/zh-CN.ts) to the messages.
 * The build adds this import to every page under a subpackage root (config/subpackage-messages-loader.js),
 * so the texts travel in the subpackages and page chunks instead of the main package (APP-4). The other
 * languages carry these keys in their start-up trees.
 */
import { addMessages } from '../index';
import { subpackagesZhCN } from '../../../locales/subpackages/zh-CN';

addMessages('zh-CN', subpackagesZhCN);
