/**
 * Server nodes of the multi-process suites and benches (test/pg/*-two-nodes, table-room-failover,
 * bench/cart-sync): real server processes (test/support/processes.ts) sharing one PostgreSQL database
 * and, for the table rooms, one Redis, with the demo users signed in by their open ids and the same
 * configured secrets on every node, and the consumer API called as the app calls it.
 */
import { API_BASE } from '../../src/api/contract/common';
import { spawnServer, type ServerProcess } from './processes';

export interface NodeOptions {
  /** Names the node in errors and logs, and its secrets (the same on every node of one `group`). */
  name: string;
  group: string;
  databaseUrl: string;
  redisUrl?: string;
  /**
   * TEST_CLOCK of the node; default real time: every node reads the same clock only in real time
   * (a TEST_CLOCK starts at each process's own start).
   */
  clock?: string | number | null;
  env?: Record<string, string>;
  /** The port to listen on (default a free one): a node restarted behind a balancer takes its old port. */
  port?: number;
  /** Node's own flags for the process (spawnServer's `nodeArgs`). */
  nodeArgs?: string[];
  /** spawnServer's `entry`: the sources through tsx (default) or the prebuilt bundle. */
  entry?: 'sources' | 'bundle';
}

/** The PAY_SANDBOX_SECRET of the nodes of `group` (a test acting as the provider signs with it). */
export const sandboxSecretOf = (group: string): string => `${group}-sandbox`;

/** Starts one node; resolves once it listens. */
export function spawnNode(opts: NodeOptions): Promise<ServerProcess> {
  return spawnServer({
    name: `node ${opts.name}`,
    clock: opts.clock === undefined ? null : opts.clock,
    databaseUrl: opts.databaseUrl,
    redisUrl: opts.redisUrl,
    port: opts.port,
    nodeArgs: opts.nodeArgs,
    entry: opts.entry,
    env: {
      PAY_SANDBOX_SECRET: sandboxSecretOf(opts.group),
      VIP_TOKEN_SECRET: `${opts.group}-vip-token`,
      ENCRYPT_PARAMS_SECRET: `${opts.group}-params`,
      DEMO_MODE: '1',
      DEMO_LARGE_SHOP: '0',
      ...opts.env,
    },
  });
}

/** A consumer API call (`user/login`, `table/order`…); the info of its success, else it throws with the answer. */
export async function consumerCall<T>(base: string, call: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${API_BASE}${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { result: boolean; info: T };
  if (!json.result) throw new Error(`${call}: ${JSON.stringify(json)}`);
  return json.info;
}
