export default definePageConfig({
  navigationBarTitleText: '门店',
});
