/**
 * The app's observer components use mobx-react's `observer` (docs/decisions.md "Mini programs on
 * their hosts"): one observer implementation, with hooks (`useStores()`), no string injection.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesOf } from './mini-dist';

const src = join(__dirname, '..', '..', 'src');
const sources = [...filesOf(src, '.ts'), ...filesOf(src, '.tsx')].map((f) => ({ file: f, text: readFileSync(join(src, f), 'utf8') }));

describe('observer components', () => {
  it('take observer from mobx-react', () => {
    const observers = sources.filter((s) => /\bobserver\(/.test(s.text));
    expect(observers.length).toBeGreaterThan(10);
    const elsewhere = observers.filter((s) => !/import \{[^}]*\bobserver\b[^}]*\} from 'mobx-react';/.test(s.text)).map((s) => s.file);
    expect(elsewhere).toEqual([]);
  });

  it('never use string injection', () => {
    expect(sources.filter((s) => /\binject\(\s*['"]/.test(s.text) || /from 'mobx-react-lite'/.test(s.text)).map((s) => s.file)).toEqual([]);
  });
});
