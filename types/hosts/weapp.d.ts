/**
 * tsconfig.weapp.json: the chat app's logic layer as its own declarations describe it (the global
 * `wx`, its timers and console; no DOM, no node).
 */
/// <reference types="miniprogram-api-typings" />
