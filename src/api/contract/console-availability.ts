/**
 * The console's availability calls (CONSOLE-5: sold out, stock, paused order types), joined into `consoleCalls` (./console.ts). This file imports only the shared
 * shapes, never ./console.ts, so the join has no cycle.
 */
export const availabilityCalls = {} as const;
