export default definePageConfig({
  navigationBarTitleText: '次卡记录',
});
