/**
 * The console's day summary (CONSOLE-6), joined into `consoleCalls` (./console.ts). This file imports only the shared
 * shapes, never ./console.ts, so the join has no cycle.
 */
export const summaryCalls = {} as const;
