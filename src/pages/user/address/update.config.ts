export default definePageConfig({
  navigationBarTitleText: '编辑地址',
});
