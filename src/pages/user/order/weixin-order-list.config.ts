export default definePageConfig({
  navigationBarTitleText: '支付订单',
  // the same list as the orders tab: pull down to refresh, scroll to the bottom for the next page
  enablePullDownRefresh: true,
  onReachBottomDistance: 80,
});
