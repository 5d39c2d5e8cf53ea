// The menu's floor (bench/menu-render.ts): one page, nothing of the app.
export default defineAppConfig({
  pages: ['pages/index/index'],
  window: { navigationBarTitleText: 'Menu' },
});
