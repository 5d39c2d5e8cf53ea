/**
 * Imported (for its effect) by the pages that read the menu, the cart or the order as they render:
 * their code then holds the ordering module — on H5 their page chunk loads together with it — and the
 * app's RootStore builds the ordering stores before the page's first render. Elsewhere the stores
 * exist from the start and this does nothing.
 */
import { rootStore } from './index';
import { buildOrderingStores } from './ordering';

rootStore.adopt(buildOrderingStores);
