/**
 * The per-host typecheck bites (docs/architecture.md §12 Platform adapters): under tsconfig.weapp.json
 * and tsconfig.alipay.json the real adapters compile clean, and a fixture calling a host API, passing
 * a parameter or reading an answer field the host's own declarations lack fails with exactly the
 * errors its `// expect TSxxxx: message` comments name, on those lines and nowhere else.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');

interface Found {
  file: string;
  line: number;
  code: string;
  message: string;
}

/** Compiles the config's files plus `extra` as `tsc --noEmit -p` would; every error, located. */
function compile(config: string, extra: string[]): { files: string[]; errors: Found[] } {
  const configPath = path.join(ROOT, config);
  const read = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT, undefined, configPath);
  if (parsed.errors.length > 0) throw new Error(parsed.errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'));
  const program = ts.createProgram({ rootNames: [...parsed.fileNames, ...extra], options: { ...parsed.options, noEmit: true } });
  const errors = ts.getPreEmitDiagnostics(program).map((d) => {
    const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    return {
      file: d.file ? path.relative(ROOT, d.file.fileName) : '(config)',
      line: at ? at.line + 1 : 0,
      code: `TS${d.code}`,
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    };
  });
  return { files: parsed.fileNames.map((f) => path.relative(ROOT, f)), errors };
}

/** The `// expect TSxxxx: text` comments of a fixture, with their lines. */
function expected(fixture: string): Array<{ line: number; code: string; says: string }> {
  return fs
    .readFileSync(path.join(ROOT, fixture), 'utf8')
    .split('\n')
    .flatMap((text, i) => {
      const m = /\/\/ expect (TS\d+): (.+)$/.exec(text);
      return m ? [{ line: i + 1, code: m[1], says: m[2] }] : [];
    });
}

describe.each([
  ['weapp', 'tsconfig.weapp.json', 'test/typecheck/fixtures/unknown-host-call-weapp.ts', 'src/platform/http.weapp.ts'],
  ['alipay', 'tsconfig.alipay.json', 'test/typecheck/fixtures/unknown-host-call-alipay.ts', 'src/platform/http.alipay.ts'],
] as const)('%s: the host declarations', (host, config, fixture, adapter) => {
  let result: ReturnType<typeof compile>;
  beforeAll(() => {
    result = compile(config, [path.join(ROOT, fixture)]);
  });

  test(`${config} covers the ${host} adapters`, () => {
    // the host's adapters and the mini-program files they share are in the program
    expect(result.files).toEqual(expect.arrayContaining([adapter, 'src/platform/taro-result.ts', `src/platform/payment.${host}.ts`]));
    expect(result.files.some((f) => f.endsWith(host === 'weapp' ? '.alipay.ts' : '.weapp.ts'))).toBe(false);
  });

  test('the real adapters compile clean', () => {
    expect(result.errors.filter((e) => e.file !== fixture)).toEqual([]);
  });

  test('each host call the declarations lack fails with its precise error, and nothing else does', () => {
    const wanted = expected(fixture);
    expect(wanted).toHaveLength(3);
    const got = result.errors.filter((e) => e.file === fixture);
    expect(got.map((e) => ({ line: e.line, code: e.code }))).toEqual(wanted.map((w) => ({ line: w.line, code: w.code })));
    got.forEach((e, i) => expect(e.message).toContain(wanted[i].says));
  });
});
