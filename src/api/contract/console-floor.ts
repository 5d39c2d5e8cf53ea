/**
 * The console's floor calls (CONSOLE-3 kitchen tickets, CONSOLE-4 tables), joined into `consoleCalls` (./console.ts). This file imports only the shared
 * shapes, never ./console.ts, so the join has no cycle.
 */
export const floorCalls = {} as const;
