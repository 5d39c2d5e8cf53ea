/**
 * `npm run bench:server`: autocannon against store/detail and store/products of the embedded
 * database (PGlite in memory with the demo data), server started in-process on a free loopback port,
 * 50 connections, ~10 s each. Load is generated on a worker thread so it does not share the
 * server's event loop.
 */
import autocannon from 'autocannon';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/src/app';
import { testConfig } from '../server/src/config';
import { API_BASE } from '../src/api/contract/common';
import { SHOP } from '../server/src/demo/ids';

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const CONNECTIONS = 50;

interface Run {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function run(url: string, token: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: '{}',
        connections: CONNECTIONS,
        duration: DURATION_S,
        workers: 1,
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({ rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx });
      },
    );
  });
}

async function main(): Promise<void> {
  const app = await buildApp({ config: testConfig({ seedLargeShop: true }), seed: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}${API_BASE}`;
  const entry = await fetch(`${base}user/h5entry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: SHOP.restaurant, openid: 'bench-visitor' }),
  });
  const { info } = (await entry.json()) as { info: { token: string } };

  // warm the caches and the JIT before measuring
  for (const path of ['store/detail', 'store/products']) {
    await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', token: info.token }, body: '{}' });
  }

  const detail = await run(`${base}store/detail`, info.token);
  const products = await run(`${base}store/products`, info.token);
  await app.close();

  if (detail.errors + detail.non2xx + products.errors + products.non2xx > 0) {
    console.error(`errors: detail ${detail.errors}/${detail.non2xx}, products ${products.errors}/${products.non2xx}`);
  }
  console.log(`BENCH server_store_detail_rps ${Math.round(detail.rps)} req/s`);
  console.log(`BENCH server_store_detail_p99_ms ${detail.p99} ms`);
  console.log(`BENCH server_products_rps ${Math.round(products.rps)} req/s`);
  console.log(`BENCH server_products_p99_ms ${products.p99} ms`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
