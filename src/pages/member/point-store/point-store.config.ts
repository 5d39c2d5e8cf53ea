export default definePageConfig({
  navigationBarTitleText: '积分商城',
});
