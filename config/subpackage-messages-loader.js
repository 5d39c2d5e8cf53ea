/**
 * Webpack loader for page modules: the page first adds start-up texts that the main package leaves out,
 * so they load with the subpackage (mini programs) or the page chunk (H5) (APP-4). By default the zh-CN
 * texts only subpackage pages show (src/i18n/areas/subpackages.ts, pages under a subpackage root,
 * config/index.ts); the `module` option names another such module (H5: src/i18n/areas/later.ts, the
 * texts the first screens do not show, in front of every other page).
 */
module.exports = function subpackageMessagesLoader(source) {
  const options = (this.getOptions && this.getOptions()) || {};
  const module = options.module || '@/i18n/areas/subpackages';
  return `import '${module}';\n${source}`;
};
