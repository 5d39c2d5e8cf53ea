export default definePageConfig({
  navigationBarTitleText: '在线支付',
});
