export default definePageConfig({ navigationBarTitleText: 'Menu' });
