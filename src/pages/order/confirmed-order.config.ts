export default definePageConfig({
  navigationBarTitleText: '已下单',
});
