/**
 * Webpack loader for the page modules under a subpackage root (config/index.ts): the page first adds the
 * zh-CN start-up texts that only subpackage pages show (src/i18n/areas/subpackages.ts), so they load with
 * the subpackage (mini programs) or the page chunk (H5) and not with the main package (APP-4).
 */
module.exports = function subpackageMessagesLoader(source) {
  return `import '@/i18n/areas/subpackages';\n${source}`;
};
