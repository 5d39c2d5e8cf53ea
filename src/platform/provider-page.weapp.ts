export { openProviderPage } from './provider-page-mini';
