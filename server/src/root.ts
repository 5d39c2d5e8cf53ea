/**
 * The application's root folder (the one holding `server/drizzle`, `dist/` and `package.json`),
 * found from this module's own folder upwards: the same answer when the server runs from its
 * TypeScript sources (`server/src`) and from its prebuilt bundle (`dist/server`, `npm run
 * build:server`), in a clone and in the container image (docs/deploy.md).
 */
import fs from 'node:fs';
import path from 'node:path';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'server', 'drizzle'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no server/drizzle folder above ${from}`);
  }
}

export const APP_ROOT = findRoot(__dirname);
