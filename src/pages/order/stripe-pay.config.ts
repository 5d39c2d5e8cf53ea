export default definePageConfig({
  navigationBarTitleText: '银行卡支付',
});
