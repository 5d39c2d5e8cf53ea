#!/usr/bin/env node
// `npm start`: builds the H5 app when dist/h5 is missing and the staff console when dist/console is,
// builds the server's bundle (under a second, every start: it is never older than the sources), then
// runs the consumer API server from it (dist/server/main.cjs), which serves the H5 build, the console
// (/console/), the demo images and the API on PORT.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// STATIC_DIR serves another folder instead of the build (nothing to build then)
const h5Index = join(root, 'dist', 'h5', 'index.html');

if (!process.env.STATIC_DIR && !existsSync(h5Index) && process.env.SKIP_H5_BUILD !== '1') {
  console.log('dist/h5/index.html is missing: building the H5 app (npm run build:h5)…');
  const build = spawnSync('npm', ['run', 'build:h5'], { cwd: root, stdio: 'inherit', env: process.env });
  if (build.status !== 0) {
    console.warn('The H5 build failed; the API still starts, but / will not serve the app.');
  }
}

// CONSOLE_DIR serves another folder instead of the console's build (nothing to build then)
const consoleIndex = join(root, 'dist', 'console', 'index.html');
if (!process.env.CONSOLE_DIR && !existsSync(consoleIndex) && process.env.SKIP_CONSOLE_BUILD !== '1') {
  console.log('dist/console/index.html is missing: building the staff console (npm run build:console)…');
  const build = spawnSync('npm', ['run', 'build:console'], { cwd: root, stdio: 'inherit', env: process.env });
  if (build.status !== 0) {
    console.warn(
      'The staff console build failed; the API still starts, but /console/ will not serve the console.',
    );
  }
}

// `npm start` is the demo: its browser links may sign in as the demo users (`&openid=demo-openid-…`).
// DEMO_MODE=0 turns that off; without demo mode a browser's open id is a visitor's device id only.
// the demo pays through the sandbox provider (its own cashier pages; no money moves)
const env = {
  ...process.env,
  DEMO_MODE: process.env.DEMO_MODE ?? '1',
  PAYMENTS: process.env.PAYMENTS ?? 'sandbox',
};
if (env.DEMO_MODE !== '1')
  console.log('DEMO_MODE is off: the demo login links (&openid=…) sign in as visitors only.');

const bundle = spawnSync(process.execPath, [join(root, 'scripts', 'build-server.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (bundle.status !== 0) {
  console.error('The server could not be built (npm run build:server).');
  process.exit(1);
}

const server = spawn(process.execPath, [join(root, 'dist', 'server', 'main.cjs')], {
  cwd: root,
  stdio: 'inherit',
  env,
});

// graceful shutdown: pass the signal on and leave with the server's exit code
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
