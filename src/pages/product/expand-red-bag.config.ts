export default definePageConfig({
  navigationBarTitleText: '分享红包',
});
