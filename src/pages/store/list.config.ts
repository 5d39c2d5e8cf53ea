export default definePageConfig({
  navigationBarTitleText: '门店列表',
});
