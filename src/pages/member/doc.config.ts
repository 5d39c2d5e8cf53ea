export default definePageConfig({
  navigationBarTitleText: '交易明细',
  // C§2: the transaction list refreshes by pulling down; the bottom loads the next page
  enablePullDownRefresh: true,
  onReachBottomDistance: 80,
});
