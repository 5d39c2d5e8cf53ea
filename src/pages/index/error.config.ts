export default definePageConfig({
  navigationBarTitleText: '出错了',
});
