export default definePageConfig({
  navigationBarTitleText: '点单',
});
