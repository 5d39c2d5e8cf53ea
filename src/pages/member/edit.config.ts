export default definePageConfig({
  navigationBarTitleText: '资料修改',
});
