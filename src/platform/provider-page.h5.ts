/**
 * Opens a card / all-in-one provider's payment page in the browser (ORDER-8): the page replaces the
 * app and comes back to `returnPath` (a hash route of the app) through the provider's returnUrl.
 */
export function openProviderPage(url: string, returnPath: string): void {
  const base = window.location.href.split('#')[0];
  const back = `${base}#${returnPath}`;
  window.location.href = `${url}${url.includes('?') ? '&' : '?'}returnUrl=${encodeURIComponent(back)}`;
}
