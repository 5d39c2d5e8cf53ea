export default definePageConfig({
  navigationBarTitleText: '订单',
  // ORDER-9: pull down to refresh the first page, scroll to the bottom for the next one
  enablePullDownRefresh: true,
  onReachBottomDistance: 80,
});
