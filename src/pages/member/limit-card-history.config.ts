export default definePageConfig({
  navigationBarTitleText: '次卡记录',
  // MEMBER-6: pull down to refresh, the bottom loads the next page
  enablePullDownRefresh: true,
  onReachBottomDistance: 80,
});
