// Taro builds use babel-preset-taro; jest uses plain presets.
module.exports = (api) => {
  const isTest = api.env('test');
  if (isTest) {
    return {
      presets: [
        ['@babel/preset-env', { targets: { node: 'current' } }],
        ['@babel/preset-typescript', { allowDeclareFields: true }],
        ['@babel/preset-react', { runtime: 'automatic' }],
      ],
    };
  }
  // H5: the app needs ES2015 Proxy (MobX 6) and so never ran on ES5-only browsers; compiling our
  // code for browsers with native async functions, fetch and AbortController (Chrome 66, Safari
  // 12.1) keeps classes and async functions native instead of shipping their ES5 emulation in the
  // start-up code (APP-4; config/index.ts leaves out the fetch polyfills on the same grounds).
  // Mini programs: every syntax transform, whatever the browserslist says — the hosts' own ES6
  // transform is off (project.config.json `es6: false`) and their oldest supported base libraries
  // (docs/decisions.md) parse ES5 only; the browserslist (package.json) names those devices for
  // the CSS prefixes.
  const targets =
    process.env.TARO_ENV === 'h5' ? { targets: { chrome: '66', safari: '12.1', ios: '12.2' } } : { forceAllTransforms: true };
  return {
    // Assumptions our code meets (no document.all, no class called without new, no setters hit by
    // class fields or object spread, no reliance on a function's length, getters without side
    // effects): the ES5 output of `?.`, `??`, class fields, spread and for-of is then much shorter —
    // most of our code is written with them (APP-4: the mini programs' main package and the H5
    // start-up). Not assumed: `superIsCallableConstructor` (errors extend the native Error) and
    // `iterableIsArray` (Maps and Sets are iterated).
    assumptions: {
      noDocumentAll: true,
      setPublicClassFields: true,
      setSpreadProperties: true,
      constantSuper: true,
      noClassCalls: true,
      ignoreFunctionLength: true,
      pureGetters: true,
      skipForOfIteratorClosing: true,
      objectRestNoSymbols: true,
      mutableTemplateObject: true,
      noNewArrows: true,
    },
    presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5', ...targets }]],
  };
};
