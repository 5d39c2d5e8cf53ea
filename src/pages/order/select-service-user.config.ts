export default definePageConfig({
  navigationBarTitleText: '选择服务人员',
});
