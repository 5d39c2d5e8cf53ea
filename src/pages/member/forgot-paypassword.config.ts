export default definePageConfig({
  navigationBarTitleText: '忘记支付密码',
});
