/**
 * What the H5 build ships for a fast first screen (MENU-8), checked on the built files themselves.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { H5_DIR, e2eReady } from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;
const js = () => readdirSync(path.join(H5_DIR, 'js')).filter((f) => f.endsWith('.js'));

suite('the H5 build', () => {
  it('opens every script but the QR scanner library with V8\'s compile hint, so its functions compile while it streams in', () => {
    const files = js();
    const without = files.filter((f) => !readFileSync(path.join(H5_DIR, 'js', f), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n'));
    expect(files.length > 10).toEqual(true);
    expect(without.map((f) => f.split('.')[0])).toEqual(['qr-scanner']);
  });

  it('leaves out the user-agent parser and the JSONP loader the app never uses', () => {
    // platform.js names device makers ("BlackBerry"); jsonp-retry probes its storage with "__store__"
    const found = js().filter((f) => /BlackBerry|__store__/.test(readFileSync(path.join(H5_DIR, 'js', f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('writes the start-up stylesheet into the page: no stylesheet to wait for before the first render', () => {
    const html = readFileSync(path.join(H5_DIR, 'index.html'), 'utf8');
    const inline = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
    // the global styles (the page background) and the rule that keeps Taro's navigation bar from taking room early
    expect(/rel="stylesheet"/.test(html)).toEqual(false);
    expect(inline.includes('#f5f6f7')).toEqual(true);
    expect(inline.includes('.taro-navigation-bar-no-icon:not(.taro-navigation-bar-show){display:none}')).toEqual(true);
  });
});
