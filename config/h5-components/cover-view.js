// CoverView on its own (see index.js)
import { createReactComponent } from '@tarojs/components/lib/react/react-component-lib/createComponent.js';
import { manipulatePropsFunction } from '@tarojs/components/lib/react/helper.js';
import { defineCustomElementTaroCoverViewCore } from '@tarojs/components/dist/components';

export const CoverView = /*@__PURE__*/ createReactComponent('taro-cover-view-core', undefined, manipulatePropsFunction, defineCustomElementTaroCoverViewCore);
