/**
 * Every stylesheet of the chat app build compiles with WeChat's own WXSS compiler (`wcsc`, from the
 * npm package miniprogram-compiler): the developer tool and the upload refuse a package whose WXSS
 * it rejects (for example the general-sibling combinator `~`).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filesOf, miniDist } from './mini-dist';

const dist = miniDist('weapp');
const suite = dist ? describe : describe.skip;

/** The compiler binary, copied out of node_modules so it can be made executable there. */
function wcsc(): string {
  const bin = join(__dirname, '..', '..', 'node_modules', 'miniprogram-compiler', 'bin', 'linux', 'wcsc');
  if (!existsSync(bin)) throw new Error('miniprogram-compiler is not installed');
  const copy = join(mkdtempSync(join(tmpdir(), 'wcsc-')), 'wcsc');
  copyFileSync(bin, copy);
  chmodSync(copy, 0o755);
  return copy;
}

suite('WXSS of the chat app build', () => {
  it('compiles with the WXSS compiler, every file in one run as the developer tool does', () => {
    const dir = dist as string;
    const sheets = filesOf(dir, '.wxss');
    expect(sheets.length).toBeGreaterThan(0);
    // as miniprogram-compiler orders them: component stylesheets (those with a .json) first, counted by -pc
    const components = sheets.filter((f) => existsSync(join(dir, f.replace(/\.wxss$/, '.json'))));
    const others = sheets.filter((f) => !components.includes(f));
    const run = spawnSync(wcsc(), ['-db', '-pc', String(components.length), ...components, ...others], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    });
    const errors = run.stderr.toString().trim();
    expect({ status: run.status, errors }).toEqual({ status: 0, errors: '' });
  });
});
