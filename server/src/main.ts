/**
 * Starts the consumer API: reads the configuration, opens the database (PGlite in DATA_DIR by
 * default, PostgreSQL with DATABASE_URL), loads the demo on first start, serves the H5 build.
 */
import { buildApp } from './app';
import { loadConfig, testClockFrom, type ServerConfig } from './config';
import { BANNER_TABLE, startBanner } from './banner';
import { SHOP } from './demo/ids';
import { tableCodeOf } from './services/tables/sessions';
import { PaymentsConfigError } from './payments/config';
import { SecretsConfigError } from './secrets';
import { markShuttingDown } from './services/ops/readiness';
import { handOffSockets } from './services/tables/live';

async function main(): Promise<void> {
  const config: ServerConfig = loadConfig();
  const started = Date.now();
  const clock = config.testClock === null ? undefined : testClockFrom(config.testClock);
  const app = await buildApp({ config, clock });
  await app.listen({ port: config.port, host: config.host });
  // the demo table's code as the database holds it (staff may have rotated it)
  const code = await tableCodeOf(app.ctx, SHOP.restaurant, BANNER_TABLE).catch(() => null);
  process.stdout.write(await startBanner(config, Date.now() - started, code ?? undefined));

  // OPS-1 graceful shutdown: first not ready (/readyz 503, so the balancer stops sending traffic),
  // after SHUTDOWN_GRACE_MS hand the websockets off (closed with 1012 a share at a time over up to
  // SHUTDOWN_HANDOFF_MS; clients reconnect at once, to another node), then stop accepting, finish
  // requests in flight, close the database. A second signal while closing is ignored; the close is
  // forced 10 s after the hand-off's bound.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} while closing: ignored`);
      return;
    }
    closing = true;
    markShuttingDown(app.ctx);
    const graceMs = config.shutdownGraceMs;
    const handoffMs = config.shutdownHandoffMs;
    app.log.info(`${signal}: not ready${graceMs > 0 ? `, closing in ${graceMs} ms` : ', closing'}`);
    const force = setTimeout(
      () => {
        setTimeout(() => process.exit(1), 1_000).unref();
        // what was still open when the close gave up: HTTP connections (a websocket counts until closed)
        app.server.getConnections((_err, connections) => {
          app.log.error(
            { afterMs: graceMs + handoffMs + 10_000, connections },
            'close did not end: forced exit',
          );
          process.exit(1);
        });
      },
      graceMs + handoffMs + 10_000,
    );
    force.unref();
    const close = () =>
      handOffSockets(app, app.ctx, handoffMs)
        .catch((err: unknown) => app.log.error({ err }, 'hand-off failed'))
        .then(() => app.close())
        .then(
          () => process.exit(0),
          (err: unknown) => {
            app.log.error({ err }, 'close failed');
            process.exit(1);
          },
        );
    if (graceMs > 0) setTimeout(close, graceMs);
    else void close();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  // a configuration the server refuses (e.g. the sandbox in production) is said in one line
  if (err instanceof PaymentsConfigError || err instanceof SecretsConfigError)
    console.error(`Not started: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
