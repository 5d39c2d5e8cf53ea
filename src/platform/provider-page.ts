/** Opens a payment provider's page. Taro resolves `./provider-page` per build; tsc and jest see the h5 one. */
export { openProviderPage } from './provider-page.h5';
