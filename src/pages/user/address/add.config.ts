export default definePageConfig({
  navigationBarTitleText: '新增地址',
});
