export default definePageConfig({
  navigationBarTitleText: '加入社群',
});
