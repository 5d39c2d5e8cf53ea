export default definePageConfig({
  navigationBarTitleText: '扫码点餐',
});
