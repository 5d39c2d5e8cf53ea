/**
 * The built mini programs for the build checks: `dist/<platform>` (or `$DIST_DIR/<platform>`, as
 * config/index.ts writes them). Outside CI a missing build skips the checks with a message; with
 * CI=true it fails them, since CI builds both first.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const root = join(__dirname, '..', '..');

/** The build directory of `platform`, or null (with a warning) when it is missing outside CI. */
export function miniDist(platform: 'weapp' | 'alipay'): string | null {
  const dir = join(resolve(root, process.env.DIST_DIR || 'dist'), platform);
  if (existsSync(join(dir, 'app.json'))) return dir;
  const message = `build check: ${dir} is missing (API_BASE_URL=http://127.0.0.1:8080 npm run build:${platform})`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`${message} — the check is skipped.`);
  return null;
}

/** Paths relative to `dir` (with `/`) of the files whose names end in `ext`. */
export function filesOf(dir: string, ext: string): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((name) => {
      const path = join(d, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return walk(dir)
    .filter((f) => f.endsWith(ext))
    .map((f) => relative(dir, f).split(sep).join('/'))
    .sort();
}
