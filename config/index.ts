import path from 'node:path';
import { defineConfig, type UserConfigExport } from '@tarojs/cli';
import devConfig from './dev';
import prodConfig from './prod';

// One codebase, three targets (APP-1): weapp (chat app), alipay (payment app) and H5.
// locales/ sits beside src/, so Taro's loaders must be told to compile it too.
const compile = { include: [path.resolve(__dirname, '..', 'locales')] };

export default defineConfig<'webpack5'>(async (merge) => {
  const taroEnv = process.env.TARO_ENV ?? 'h5';
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'shop-storefront',
    date: '2026-11-23',
    // NutUI is drawn at 375 px; our own styles are written at 750 (toolchain.md build facts).
    designWidth(input) {
      const file = typeof input === 'object' && input !== null ? String(input.file ?? '') : '';
      return file.replace(/\\+/g, '/').includes('@nutui') ? 375 : 750;
    },
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    // DIST_DIR lets several builds live side by side (default `dist`).
    outputRoot: `${process.env.DIST_DIR || 'dist'}/${taroEnv}`,
    plugins: [],
    alias: {
      '@': path.resolve(__dirname, '..', 'src'),
      '@locales': path.resolve(__dirname, '..', 'locales'),
    },
    defineConstants: {
      // ABROAD_ENV=1 builds the overseas flavour (English default, flat delivery fee; C§1).
      ABROAD_ENV: JSON.stringify(process.env.ABROAD_ENV === '1'),
      API_ORIGIN: JSON.stringify(process.env.API_ORIGIN ?? ''),
    },
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: 'webpack5',
    cache: { enable: false },
    sass: {},
    mini: {
      compile,
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      // Keep shared vendor code in the main package small: NutUI parts used only by subpackage
      // pages land in those subpackages.
      optimizeMainPackage: { enable: true },
    },
    h5: {
      // Relative so dist/h5 can be served from any path, including `/` by the server.
      publicPath: './',
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
      },
    },
  };

  if (process.env.NODE_ENV === 'development') {
    return merge({}, baseConfig, devConfig);
  }
  return merge({}, baseConfig, prodConfig);
});
