export default definePageConfig({
  navigationBarTitleText: '下单失败',
});
