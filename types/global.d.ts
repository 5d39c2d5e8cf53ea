/// <reference types="@tarojs/taro" />

// Assets imported by pages and components resolve to a URL string at build time.
declare module '*.png' {
  const src: string;
  export default src;
}
declare module '*.gif' {
  const src: string;
  export default src;
}
declare module '*.jpg' {
  const src: string;
  export default src;
}
declare module '*.jpeg' {
  const src: string;
  export default src;
}
declare module '*.svg' {
  const src: string;
  export default src;
}
declare module '*.css';
declare module '*.scss';

/** Build constants from config/index.ts `defineConstants`. */
declare const ABROAD_ENV: boolean;
/** The API origin (`API_BASE_URL`, config/api-base.ts); '' = the page's own origin (H5). */
declare const API_BASE_URL: string;
/** A fingerprint of the message files (mini programs keep a fetched language only for the same one). */
declare const MESSAGES_VERSION: string;

// The hosts' globals `wx` and `my` are typed by the hosts' own declarations: types/host-apis.d.ts
// here, the complete declarations in tsconfig.weapp.json / tsconfig.alipay.json (docs/architecture.md
// §12 Platform adapters). Only src/platform touches them.

/** webpack's runtime require, used to watch async page chunks on H5 (APP-4). */
declare const __webpack_require__: {
  e?: (chunkId: string | number) => Promise<unknown>;
};

declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV: 'development' | 'production' | 'test';
    TARO_ENV: 'weapp' | 'alipay' | 'h5' | 'swan' | 'tt' | 'qq' | 'jd' | 'rn' | 'harmony';
    TARO_APP_ID?: string;
  }
}
