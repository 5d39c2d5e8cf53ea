export default definePageConfig({
  navigationBarTitleText: '会员充值',
});
