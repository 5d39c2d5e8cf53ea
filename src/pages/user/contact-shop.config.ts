export default definePageConfig({
  navigationBarTitleText: '联系商家',
});
