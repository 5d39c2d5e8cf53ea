export default definePageConfig({
  navigationBarTitleText: '适用门店',
});
