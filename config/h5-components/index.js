/**
 * `@tarojs/components` on H5 (config/index.ts): Taro's React wrappers of its web components, with the
 * components the first screen does not draw (form fields, scroll views, picker, map, web view) each in a
 * module of its own. Taro's wrapper module defines every wrapper the app imports anywhere, so each one's
 * web component (the picker alone is 12 KB) travelled in the start-up chunk; from their own modules
 * they travel with the pages that use them (APP-4). Same wrappers, same arguments as Taro's
 * lib/react/components.js; this folder's package.json marks the modules free of side effects, so an
 * import goes straight to the module that defines the component.
 */
export * from '@tarojs/components/lib/react/components.js';
export { Input } from './input.js';
export { Textarea } from './textarea.js';
export { Switch } from './switch.js';
export { ScrollView } from './scroll-view.js';
export { WebView } from './web-view.js';
export { Picker } from './picker.js';
export { Map } from './map.js';
export { CoverView } from './cover-view.js';
