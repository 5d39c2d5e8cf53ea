export default definePageConfig({
  navigationBarTitleText: '积分明细',
  // MEMBER-5: pull down to refresh, the bottom loads the next page
  enablePullDownRefresh: true,
  onReachBottomDistance: 80,
});
