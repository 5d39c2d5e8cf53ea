// Taro builds use babel-preset-taro with NutUI's on-demand style imports; jest uses plain presets.
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
  return {
    presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]],
    plugins: [
      [
        'import',
        {
          libraryName: '@nutui/nutui-react-taro',
          libraryDirectory: 'dist/es/packages',
          // NutUI's CSS is imported per component so the main package stays small
          style: (name) => `${name}/style/css`,
          camel2DashComponentName: false,
          customName: (name) => `@nutui/nutui-react-taro/dist/es/packages/${name.toLowerCase()}`,
          customStyleName: (name) => `@nutui/nutui-react-taro/dist/es/packages/${name.toLowerCase()}/style/css`,
        },
        'nutui-react-taro',
      ],
    ],
  };
};
