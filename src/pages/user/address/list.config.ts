export default definePageConfig({
  navigationBarTitleText: '地址列表',
});
