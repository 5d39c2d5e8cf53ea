export default definePageConfig({
  navigationBarTitleText: '次数券',
});
