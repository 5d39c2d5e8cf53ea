/**
 * The hosts' API declarations for the main tsconfig.json (DOM, node, jest): the chat app's API
 * namespace from miniprogram-api-typings without its globals (they clash with the DOM lib and node),
 * and the payment app's `my` namespace from @mini-types/my (global-free otherwise). The per-host
 * configs (tsconfig.weapp.json, tsconfig.alipay.json) load the complete declarations instead
 * (types/hosts/); see docs/architecture.md §12 Platform adapters.
 */
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a global declaration file: there is no module to import
/// <reference path="../node_modules/miniprogram-api-typings/types/wx/lib.wx.api.d.ts" />
/// <reference types="@mini-types/my" />

/** The chat app's global object (weapp builds). Only src/platform touches it. */
declare let wx: WechatMiniprogram.Wx;
