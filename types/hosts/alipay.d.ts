/**
 * tsconfig.alipay.json: the payment app's logic layer as its own declarations describe it (the
 * global `my` and the host's globals from @mini-types/alipay; no DOM, no node).
 */
/// <reference types="@mini-types/alipay" />

// The logic layer's timers: the payment app runs them like any JavaScript engine, but
// @mini-types/alipay leaves them undeclared (docs/decisions.md "Host declarations and documentation").
declare function setTimeout(callback: (...args: unknown[]) => void, ms?: number): number;
declare function clearTimeout(id: number | undefined): void;
declare function setInterval(callback: (...args: unknown[]) => void, ms?: number): number;
declare function clearInterval(id: number | undefined): void;
