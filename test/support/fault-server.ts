/**
 * The fault suites' server (SERVER-3): the real server as a child process (test/support/processes.ts)
 * on an embedded database on disk (DATA_DIR) or on PostgreSQL, with the fault suites' secrets, so it
 * can be killed (from outside, or by itself at a FAULT_POINT: server/src/faults.ts) and started
 * again on the same data. The calls and data checks are in test/support/faults.ts.
 */
import { FAULT_MERCHANT_KEY, FAULT_SANDBOX_SECRET } from './faults';
import { spawnServer, type ServerProcess } from './processes';

export type FaultServer = ServerProcess;

export interface FaultServerOptions {
  /**
   * PGlite data directory (DATA_DIR); its database is `<dataDir>/db` unless `databaseUrl` is given.
   * Default: a fresh one, removed when the server stops.
   */
  dataDir?: string;
  databaseUrl?: string;
  /** The server's clock at its start, epoch ms (TEST_CLOCK). Default: the suites' instant. */
  instant?: number;
  env?: Record<string, string>;
}

/** Starts the fault suites' server; resolves once it listens. */
export function spawnFaultServer(opts: FaultServerOptions): Promise<FaultServer> {
  return spawnServer({
    name: 'fault server',
    dataDir: opts.dataDir,
    databaseUrl: opts.databaseUrl,
    clock: opts.instant,
    env: {
      PAY_SANDBOX_SECRET: FAULT_SANDBOX_SECRET,
      MERCHANT_KEY: FAULT_MERCHANT_KEY,
      VIP_TOKEN_SECRET: 'faults-vip-token-secret',
      ENCRYPT_PARAMS_SECRET: 'faults-params-secret',
      DEMO_LARGE_SHOP: '0',
      FAULT_POINT: '',
      ...opts.env,
    },
  });
}
