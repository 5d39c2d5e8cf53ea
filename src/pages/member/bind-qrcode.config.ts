export default definePageConfig({
  navigationBarTitleText: '绑定公众号',
});
