export default definePageConfig({
  navigationBarTitleText: '兑换成功',
});
