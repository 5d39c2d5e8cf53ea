export default definePageConfig({
  navigationBarTitleText: '会员注册',
});
