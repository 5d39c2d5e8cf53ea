// Map on its own (see index.js)
import { createReactComponent } from '@tarojs/components/lib/react/react-component-lib/createComponent.js';
import { manipulatePropsFunction } from '@tarojs/components/lib/react/helper.js';
import { defineCustomElementTaroMapCore } from '@tarojs/components/dist/components';

export const Map = /*@__PURE__*/ createReactComponent('taro-map-core', undefined, manipulatePropsFunction, defineCustomElementTaroMapCore);
