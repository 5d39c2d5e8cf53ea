/**
 * `npm run bench:server`: autocannon against store/detail and store/products of the embedded
 * database (PGlite in memory with the demo data), server started in-process on a free loopback port,
 * 50 connections, ~10 s each. Load is generated on a worker thread so it does not share the
 * server's event loop.
 *
 * The machine is shared and noisy, so the same run measures a floor the same way: a bare Fastify with
 * one zod-validated POST route that answers a fixed copy of the app's own answer (no database, no
 * session, no cache). `BENCH server_vs_floor` is the floor's throughput over the app's for
 * store/detail (1.0 = as fast as a bare route); it moves with the app's code, not with the load.
 * The app runs on the injected clock at the suites' instant (test/support/clock.ts).
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { buildApp } from '../server/src/app';
import { testClockFrom, testConfig } from '../server/src/config';
import { instantMs, TEST_INSTANT } from '../test/support/clock';
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
  const clock = testClockFrom(instantMs(TEST_INSTANT), Date.now());
  const app = await buildApp({ config: testConfig({ seedLargeShop: true }), seed: true, clock });
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

  // the app's answers, served as they are by the floor
  const answers: Record<string, string> = {};
  for (const path of ['store/detail', 'store/products']) {
    const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', token: info.token }, body: '{}' });
    answers[path] = await res.text();
  }

  const detail = await run(`${base}store/detail`, info.token);
  const products = await run(`${base}store/products`, info.token);
  await app.close();

  // the floor: bare Fastify, a zod body schema, the same bytes back
  const bare = Fastify({ logger: false });
  bare.setValidatorCompiler(validatorCompiler);
  const Body = z.object({ id: z.number().int().positive().optional(), version: z.number().int().optional() }).strict();
  for (const path of Object.keys(answers)) {
    bare.post(API_BASE + path, { schema: { body: Body } }, async (_req, reply) => reply.type('application/json').send(answers[path]));
  }
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as AddressInfo).port;
  const bareBase = `http://127.0.0.1:${barePort}${API_BASE}`;
  const floorDetail = await run(`${bareBase}store/detail`, info.token);
  const floorProducts = await run(`${bareBase}store/products`, info.token);
  await bare.close();

  if (detail.errors + detail.non2xx + products.errors + products.non2xx > 0) {
    console.error(`errors: detail ${detail.errors}/${detail.non2xx}, products ${products.errors}/${products.non2xx}`);
  }
  console.log(`BENCH server_store_detail_rps ${Math.round(detail.rps)} req/s`);
  console.log(`BENCH server_store_detail_p99_ms ${detail.p99} ms`);
  console.log(`BENCH server_products_rps ${Math.round(products.rps)} req/s`);
  console.log(`BENCH server_products_p99_ms ${products.p99} ms`);
  console.log(`BENCH server_floor_store_detail_rps ${Math.round(floorDetail.rps)} req/s`);
  console.log(`BENCH server_floor_products_rps ${Math.round(floorProducts.rps)} req/s`);
  console.log(`BENCH server_products_vs_floor ${(floorProducts.rps / products.rps).toFixed(2)}`);
  console.log(`BENCH server_vs_floor ${(floorDetail.rps / detail.rps).toFixed(2)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
