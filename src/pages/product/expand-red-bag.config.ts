export default definePageConfig({
  navigationBarTitleText: '分享红包',
  // the shared red bag is shared through the host's share button (onShareAppMessage, PROMO-3)
  enableShareAppMessage: true,
});
