/**
 * Every script of both mini program builds is ES5: project.config.json turns the chat app's ES6
 * transform off and the oldest supported phones (docs/decisions.md) run no ES2015 syntax, so one
 * arrow, `const` or `?.` in any file is a SyntaxError at launch.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'acorn';
import { filesOf, miniDist } from './mini-dist';

describe.each(['weapp', 'alipay'] as const)('%s build', (platform) => {
  const dist = miniDist(platform);
  (dist ? it : it.skip)('parses as ES5, file by file', () => {
    const dir = dist as string;
    const scripts = filesOf(dir, '.js');
    expect(scripts.length).toBeGreaterThan(0);
    const notEs5: string[] = [];
    for (const file of scripts) {
      const source = readFileSync(join(dir, file), 'utf8');
      try {
        parse(source, { ecmaVersion: 5, sourceType: 'script' });
      } catch (e) {
        const { message } = e as Error;
        const pos = (e as { pos?: number }).pos ?? 0;
        notEs5.push(`${file}: ${message} near ${JSON.stringify(source.slice(Math.max(0, pos - 40), pos + 40))}`);
      }
    }
    expect(notEs5).toEqual([]);
  });
});
