import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import webpack from 'webpack';
import { defineConfig, type UserConfigExport } from '@tarojs/cli';
import devConfig from './dev';
import prodConfig from './prod';
import { apiBaseUrl } from './api-base';
import { BundleStatsPlugin } from './bundle-stats';
import { InlineStartupCssPlugin } from './inline-css';
import { LaunchPreloadPlugin } from './launch-preload';
import CompressionPlugin from 'compression-webpack-plugin';

// One codebase, three targets (APP-1): weapp (chat app), alipay (payment app) and H5.
// locales/ sits beside src/, so Taro's loaders must be told to compile it too.
const compile = { include: [path.resolve(__dirname, '..', 'locales')] };

/** A fingerprint of every message file: a mini program keeps a fetched language only for the same one. */
function messagesVersion(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else hash.update(name).update(fs.readFileSync(file));
    }
  };
  walk(path.resolve(__dirname, '..', 'locales'));
  return hash.digest('hex').slice(0, 16);
}

// Mini programs run ES5 only (project.config.json `es6: false`; the oldest supported phones in
// docs/decisions.md): Taro compiles src/ and its own packages, and these packages ship newer syntax
// (arrows, `const`, classes, `?.`, shorthand properties) that must be compiled too. test/build/es5.test.ts
// parses every built script as ES5 and names the file when a new dependency adds one.
// (Taro's config check accepts paths only, not patterns.)
const ES2015_PACKAGES = ['rosetta', 'templite', 'dlv', 'tslib', 'jsbarcode', 'qrcode'].map((name) => path.resolve(__dirname, '..', 'node_modules', name));
const miniCompile = { include: [...compile.include, ...ES2015_PACKAGES] };

// Taro's H5 terser defaults keep function names and quote every object key; neither is needed by
// the browsers we target, and both cost bytes in the H5 start-up (APP-4).
const h5Terser = {
  enable: true,
  config: {
    keep_fnames: false,
    compress: { passes: 2 },
    output: { comments: false, quote_keys: false, keep_quoted_props: false },
  },
};

// Mini programs keep Taro's conservative settings except its ASCII-only output: that writes every
// Chinese character of the locales as a six-byte \u escape instead of three UTF-8 bytes, and mini
// program code packages are UTF-8.
//
// Taro's mini-program compress options switch off most of terser's default passes (variable
// reduction, collapsing, inlining). Terser's defaults are turned back on except `comparisons` and
// inlining of functions with arguments (`inline: 1`), the two create-react-app keeps off for engine
// bugs; output stays ES5 (`ecma: 5`, checked by test/build/es5.test.ts). This keeps the main package
// within the 800 KB limit with mobx-react and the ES5 dependencies in it.
const miniTerser = {
  enable: true,
  config: {
    compress: { reduce_vars: true, reduce_funcs: true, collapse_vars: true, inline: 1, passes: 2 },
    output: { ascii_only: false },
  },
};

const production = process.env.NODE_ENV !== 'development';

/**
 * The page modules under the subpackage roots of src/app.config.ts: each gets the zh-CN texts only
 * subpackage pages show (config/subpackage-messages-loader.js), which the main package leaves out (APP-4).
 */
const SUBPACKAGE_ROOTS = [...fs.readFileSync(path.resolve(__dirname, '..', 'src', 'app.config.ts'), 'utf8').matchAll(/\broot: '([^']+)'/g)].map(
  (m) => path.resolve(__dirname, '..', 'src', m[1]) + path.sep,
);
const isSubpackagePage = (file: string): boolean => /\.tsx$/.test(file) && SUBPACKAGE_ROOTS.some((root) => file.startsWith(root));

/** Adds the loader above to a webpack chain (mini programs and H5). */
function subpackageMessages(chain: import('webpack-chain')): void {
  chain.module
    .rule('subpackage-messages')
    .test(isSubpackagePage)
    .enforce('pre')
    .use('subpackage-messages')
    .loader(path.resolve(__dirname, 'subpackage-messages-loader.js'));
}

/**
 * H5: the page modules other than the first screens (the entry page and the home tab, whose chunks the
 * start-up loads): each gets the zh-CN texts those two do not show (src/i18n/areas/later.ts), which the
 * H5 start-up script leaves out (APP-4). The mini programs bundle them (src/platform/message-catalog-mini.ts).
 */
// BARE_TARO=1 builds the menu's floor instead of the app (bench/menu-render.ts): a one-page Taro app
// under bench/floors/bare-taro with these same settings, into dist/bare-taro.
const BARE_TARO = process.env.BARE_TARO === '1';
const SOURCE_ROOT = BARE_TARO ? 'bench/floors/bare-taro/src' : 'src';
const PAGES_DIR = path.resolve(__dirname, '..', SOURCE_ROOT, 'pages') + path.sep;
const FIRST_SCREENS = ['index/index.tsx', 'user/index-tab.tsx'].map((p) => path.join(PAGES_DIR, p));
const isLaterPage = (file: string): boolean => /\.tsx$/.test(file) && file.startsWith(PAGES_DIR) && !FIRST_SCREENS.includes(file);

/** Adds the loader above, with the texts the first screens do not show, to the H5 webpack chain. */
function laterMessages(chain: import('webpack-chain')): void {
  chain.module
    .rule('later-messages')
    .test(isLaterPage)
    .enforce('pre')
    .use('later-messages')
    .loader(path.resolve(__dirname, 'subpackage-messages-loader.js'))
    .options({ module: '@/i18n/areas/later' });
}

/** Taro's own packages (the same test as Taro's `taro` cache group). */
const TARO_PACKAGE = /[\\/]node_modules[\\/]@tarojs[\\/]/;

export default defineConfig<'webpack5'>(async (merge) => {
  const taroEnv = process.env.TARO_ENV ?? 'h5';
  // The one build variable for the API origin (README "Configuration"); a production mini-program
  // build without it stops here with a message saying what to set.
  const apiBase = apiBaseUrl({ taroEnv, nodeEnv: process.env.NODE_ENV, value: process.env.API_BASE_URL });
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'shop-storefront',
    date: '2026-11-23',
    // every style sheet is written at the 750 design width
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: SOURCE_ROOT,
    terser: taroEnv === 'h5' ? h5Terser : miniTerser,
    // Mini programs without template recursion (weapp) get one template set per tree level up to
    // this depth, in base.wxml in the main package; deeper nodes render through Taro's recursive
    // `comp` component. 12 levels cover our screens' usual depth and keep ~10 KB out of the main
    // package compared with Taro's 16.
    baseLevel: 10,
    // DIST_DIR lets several builds live side by side (default `dist`).
    outputRoot: BARE_TARO ? `${process.env.DIST_DIR || 'dist'}/bare-taro` : `${process.env.DIST_DIR || 'dist'}/${taroEnv}`,
    plugins: [],
    alias: {
      '@': path.resolve(__dirname, '..', 'src'),
      '@locales': path.resolve(__dirname, '..', 'locales'),
      // MobX's own production build: its development checks are dead code in a production build,
      // and this build is smaller than what terser makes of the development one.
      ...(production ? { mobx$: require.resolve('mobx/dist/mobx.esm.production.min.js') } : {}),
    },
    defineConstants: {
      // ABROAD_ENV=1 builds the overseas flavour (English default, flat delivery fee; C§1).
      ABROAD_ENV: JSON.stringify(process.env.ABROAD_ENV === '1'),
      API_BASE_URL: JSON.stringify(apiBase),
      MESSAGES_VERSION: JSON.stringify(messagesVersion()),
    },
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: 'webpack5',
    cache: { enable: false },
    sass: {},
    mini: {
      compile: miniCompile,
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      // Keep shared vendor code in the main package small: code used only by subpackage pages
      // lands in those subpackages.
      optimizeMainPackage: { enable: true },
      webpackChain(chain) {
        subpackageMessages(chain);
        if (process.env.BUNDLE_STATS) chain.plugin('bundle-stats').use(BundleStatsPlugin, [process.env.BUNDLE_STATS]);
      },
    },
    h5: {
      // Relative so dist/h5 can be served from any path, including `/` by the server.
      publicPath: './',
      enableSourceMap: process.env.H5_SOURCE_MAP === '1',
      sourceMapType: 'source-map',
      compile,
      staticDirectory: 'static',
      router: { mode: 'hash' },
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      postcss: {
        pxtransform: { enable: true, config: {} },
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      webpackChain(chain) {
        // C§2: async page chunks give up after 60 s (then the reload message of APP-4 shows).
        chain.output.set('chunkLoadTimeout', 60_000);
        subpackageMessages(chain);
        laterMessages(chain);
        if (process.env.BUNDLE_STATS) chain.plugin('bundle-stats').use(BundleStatsPlugin, [process.env.BUNDLE_STATS]);
        // APP-4: modules shared by async pages go to shared async chunks instead of being copied
        // into every page chunk, so the entry page and the home tab fetch the component
        // wrappers and the ordering boot once. Taro's own runtime stays in the start-up chunk.
        chain.optimization.splitChunks({
          chunks: 'all',
          minSize: 8_000,
          hidePathInfo: true,
          cacheGroups: {
            default: false,
            defaultVendors: false,
            taro: { test: TARO_PACKAGE, chunks: 'initial', name: false, priority: 100 },
            vendors: { test: /[\\/]node_modules[\\/]/, minChunks: 2, name: false, priority: 10, reuseExistingChunk: true },
            common: { minChunks: 2, name: false, priority: 1, reuseExistingChunk: true },
          },
        });
        // fetch and AbortController are native in every browser the H5 build targets (babel.config.js:
        // Chrome 66, Safari 12.1), so Taro's request polyfills for them are left out.
        const nativeApi = path.resolve(__dirname, 'native-api.js');
        chain.resolve.alias.set('whatwg-fetch$', nativeApi).set('abortcontroller-polyfill/dist/abortcontroller-polyfill-only$', nativeApi);
        chain.resolve.alias.set('jsonp-retry$', path.resolve(__dirname, 'no-jsonp.js'));
        // APP-4: Taro's component wrappers, with the components the first screen does not draw in
        // modules of their own (config/h5-components/index.js)
        chain.resolve.alias.set('@tarojs/components$', path.resolve(__dirname, 'h5-components', 'index.js'));
        // APP-4: the weui icon font that Taro's component stylesheet embeds as a data URL (about 8 KB, 3 KB
        // gzip inside the start-up script) becomes a file, which the browser fetches only for an icon it draws
        chain.module
          .rule('inline-font-file')
          .set('scheme', 'data')
          .set('mimetype', 'application/octet-stream')
          .set('type', 'asset/resource')
          .set('generator', { filename: 'static/fonts/weui.[contenthash:8].ttf' });
        // V8's explicit compile hint (Chrome 136+, ignored elsewhere): the functions of a script are
        // compiled while it streams in, off the main thread, instead of one by one on their first call
        // — most of the start-up and page code runs as the first screen renders (MENU-8). Not for the
        // QR scanner's library (1.6 MB of source, most of it never called by one scan).
        chain.plugin('compile-hints').use(webpack.BannerPlugin, [
          {
            banner: '//# allFunctionsCalledOnLoad',
            raw: true,
            test: /\.js$/,
            exclude: /qr-scanner/,
            stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
          },
        ]);
        // the app's global stylesheet (about 1.5 KB) inside the page: no file to wait for before the first render
        chain.plugin('inline-startup-css').use(InlineStartupCssPlugin, [8_192]);
        // the launch page's chunks start downloading while the start-up script is evaluated (MENU-8)
        chain.plugin('launch-preload').use(LaunchPreloadPlugin, [
          {
            pagesDir: PAGES_DIR,
            orderingRoutes: BARE_TARO ? [] : ['pages/user/index-tab-1', 'pages/product/index'],
            orderingChunk: 'ordering',
            entryRoute: 'pages/index/index',
            defaultLanguage: process.env.ABROAD_ENV === '1' ? 'en' : 'zh-CN',
            languages: ['zh-CN', 'en', 'zh-TW', 'es', 'fr'],
          },
        ]);
        // scripts and styles compressed once, at build time (brotli at its best, and gzip), next to each
        // file: the server sends these (@fastify/static preCompressed) instead of compressing every
        // reply, and the start-up script no longer waits behind the compression of the chunks asked
        // for beside it (MENU-8)
        for (const [name, algorithm, compressionOptions] of [
          ['brotli', 'brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }],
          ['gzip', 'gzip', { level: 9 }],
        ] as const) {
          chain.plugin(`compress-${name}`).use(CompressionPlugin, [
            { algorithm, compressionOptions, test: /\.(js|css)$/, threshold: 1024, minRatio: 0.9, filename: `[path][base].${name === 'brotli' ? 'br' : 'gz'}` },
          ]);
        }
        if (process.env.BUNDLE_STATS) chain.plugin('bundle-stats').use(BundleStatsPlugin, [process.env.BUNDLE_STATS]);
      },
    },
  };

  if (process.env.NODE_ENV === 'development') {
    return merge({}, baseConfig, devConfig);
  }
  return merge({}, baseConfig, prodConfig);
});
