#!/usr/bin/env node
// `npm run build:server`: the API node, the migration job and the merchant commands as prebuilt
// bundles, dist/server/main.cjs, migrate.cjs and merchant.cjs (our TypeScript — server/, the shared domain core
// of src/, locales/ — compiled and bundled by esbuild; packages stay in node_modules). A node started
// from the bundle spends no CPU compiling TypeScript at start (tsx transforms every module on load),
// which a rolling restart's other nodes feel (docs/decisions.md "The server runs prebuilt").
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// --outdir <dir>: somewhere else than dist/server (the tests build their own copy); it must lie inside
// this folder, where the bundle finds server/drizzle above it (server/src/root.ts)
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : 'dist/server';
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'server/src/main.ts',
    migrate: 'server/cli/migrate.ts',
    merchant: 'server/cli/merchant.ts',
  },
  outdir,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
console.log(`${outdir}/main.cjs, migrate.cjs and merchant.cjs built`);
