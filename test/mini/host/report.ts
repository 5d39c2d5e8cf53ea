/** The largest setData of each scenario, printed and kept in dist/mini-setdata.json for bench:mini. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { MiniHost } from './host';
import { ROOT } from './suite';

const FILE = path.join(ROOT, 'dist', 'mini-setdata.json');

export function reportSetData(scenario: string, host: MiniHost): number {
  const max = host.setDataLog.reduce((m, r) => Math.max(m, r.bytes), 0);
  const top = host.setDataLog.find((r) => r.bytes === max);
  let all: Record<string, { max: number; route: string; calls: number }> = {};
  try {
    all = JSON.parse(fs.readFileSync(FILE, 'utf8')) as typeof all;
  } catch {
    all = {};
  }
  all[`${host.platform} ${scenario}`] = { max, route: top?.route ?? '', calls: host.setDataLog.length };
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  fs.writeFileSync(FILE, JSON.stringify(all, null, 2));
  console.info(`setData ${host.platform} ${scenario}: largest ${max} bytes on ${top?.route ?? '-'} (${host.setDataLog.length} calls)`);
  return max;
}

export function readSetDataReport(): Record<string, { max: number; route: string; calls: number }> {
  return JSON.parse(fs.readFileSync(FILE, 'utf8')) as Record<string, { max: number; route: string; calls: number }>;
}
