export default definePageConfig({
  navigationBarTitleText: '次卡',
});
