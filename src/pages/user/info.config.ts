export default definePageConfig({
  navigationBarTitleText: '会员信息',
});
