/**
 * What the H5 start-up scripts (the ones index.html loads) leave to later chunks (APP-4), checked on the
 * built files: the zh-CN texts the first screens do not show, Taro's toast and modal code, and the icon
 * font Taro's component stylesheet embeds.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { laterZhCN } from '../../locales/later/zh-CN';
import { H5_DIR, e2eReady } from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;
const read = (file: string) => readFileSync(path.join(H5_DIR, file), 'utf8');

/** The scripts of index.html, and every other script of the build. */
function scripts(): { start: string[]; later: string[] } {
  const start = [...read('index.html').matchAll(/<script[^>]* src="\.?\/?(js\/[^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  const all = readdirSync(path.join(H5_DIR, 'js'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `js/${f}`);
  return { start, later: all.filter((f) => !start.includes(f)) };
}

// distinctive texts of the later tree: the empty screens, the country chooser, the mine tab, the table strip, the multi-shop entry
const samples = [
  ...Object.values(laterZhCN.pages.screens).map((s) => s.text),
  laterZhCN.countries.title,
  laterZhCN.pages.center.joinText,
  laterZhCN.pages.table.submittedOther,
  laterZhCN.multiEntry.text,
  laterZhCN.pages.ordering.loginAgreement,
];
// the weui icon font (a TrueType file, base64) and the class names of Taro's toast and modal
const FONT = 'AAEAAAALAIAAAwAwR1NVQ';

suite('the H5 start-up scripts', () => {
  it("are the entry script and Taro's runtime", () => {
    const { start } = scripts();
    expect(start.map((f) => f.replace(/\.[0-9a-f]{8}\.js$/, ''))).toEqual(expect.arrayContaining(['js/app']));
  });

  it('leave the texts the first screens do not show to a later chunk', () => {
    const { start, later } = scripts();
    const early = start.map(read).join('\n');
    expect(samples.filter((s) => early.includes(s))).toEqual([]);
    const chunks = later.filter((f) => samples.every((s) => read(f).includes(s)));
    expect(chunks.length).toBeGreaterThan(0);
  });

  it("leave Taro's toast and modal code and the icon font out", () => {
    const { start, later } = scripts();
    const early = start.map(read).join('\n');
    expect(early.includes('taro__toast')).toEqual(false);
    expect(early.includes(FONT)).toEqual(false);
    expect(later.some((f) => read(f).includes('taro__toast'))).toBe(true);
    // the font is a file of its own, named by the stylesheet that needs it
    const fonts = readdirSync(path.join(H5_DIR, 'static', 'fonts')).filter((f) =>
      /^weui\.[0-9a-f]{8}\.ttf$/.test(f),
    );
    expect(fonts).toHaveLength(1);
    expect(
      later.some((f) => read(f).includes(`static/fonts/${fonts[0]}`)) ||
        early.includes(`static/fonts/${fonts[0]}`),
    ).toBe(true);
  });
});
