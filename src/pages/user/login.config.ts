export default definePageConfig({
  navigationBarTitleText: '用户登录',
});
