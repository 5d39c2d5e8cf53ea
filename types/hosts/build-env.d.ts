/**
 * Both per-host configs: the source as the Taro build reads it. The build replaces
 * `process.env.TARO_ENV` / `NODE_ENV` with constants; any other read of `process` throws on a phone
 * and the one place that tries it catches that (src/platform/env.ts).
 */
declare const process: { env: Partial<NodeJS.ProcessEnv> & Record<string, string | undefined> };
