/**
 * The host model's surface against the hosts' own declarations (miniprogram-api-typings for `wx`,
 * @mini-types/alipay for `my`): every API the model in test/mini/host/ answers must be declared by
 * its host, and every answer field the adapters read must be a declared property of that answer
 * (an index signature does not count). What the model answers beyond the declarations, or an
 * adapter reads beyond them, is in ALLOWED below, each with its line in docs/decisions.md
 * "Host declarations and documentation". A call the model answers but a phone does not would
 * otherwise pass every host-model test.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { MiniHost, type Platform } from './host/host';

const ROOT = path.resolve(__dirname, '../..');
const dist = (p: Platform) => path.join(ROOT, 'dist', p);
const built = (['weapp', 'alipay'] as const).every((p) => fs.existsSync(path.join(dist(p), 'app.json')));
const suite = built || process.env.CI ? describe : describe.skip;

/** The host's declarations, read with the compiler: its API object and its selector query's methods. */
interface Declared {
  checker: ts.TypeChecker;
  api: ts.Type;
  selectorQuery: ts.Type;
  nodesRef: ts.Type;
  /** A named declared type (the owner of a method the adapters call on a returned object). */
  named(name: string): ts.Type;
}

function declarations(platform: Platform): Declared {
  const entry = platform === 'weapp' ? 'node_modules/miniprogram-api-typings/index.d.ts' : 'node_modules/@mini-types/my/types/index.d.ts';
  const program = ts.createProgram([path.join(ROOT, entry)], { noEmit: true, lib: ['lib.es2022.d.ts'], types: [], skipLibCheck: true });
  const checker = program.getTypeChecker();
  const interfaces = new Map<string, ts.Type>();
  let myNamespace: ts.Symbol | undefined;
  for (const sf of program.getSourceFiles()) {
    if (!sf.fileName.includes(platform === 'weapp' ? 'miniprogram-api-typings' : '@mini-types/my')) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isInterfaceDeclaration(node) && !interfaces.has(node.name.text)) interfaces.set(node.name.text, checker.getTypeAtLocation(node.name));
      if (ts.isModuleDeclaration(node) && node.name.text === 'my' && ts.isSourceFile(node.parent)) myNamespace = checker.getSymbolAtLocation(node.name);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  const named = (name: string): ts.Type => {
    const t = interfaces.get(name);
    if (!t) throw new Error(`${platform}: the declarations have no interface ${name}`);
    return t;
  };
  if (platform === 'weapp') return { checker, api: named('Wx'), selectorQuery: named('SelectorQuery'), nodesRef: named('NodesRef'), named };
  if (!myNamespace?.valueDeclaration) throw new Error('alipay: the declarations have no namespace my');
  const api = checker.getTypeOfSymbolAtLocation(myNamespace, myNamespace.valueDeclaration);
  // the payment app's select() answers the query itself (`this`): one type for both
  return { checker, api, selectorQuery: named('SelectorQuery'), nodesRef: named('SelectorQuery'), named };
}

const names = (t: ts.Type) => new Set(t.getProperties().map((p) => p.name));

/** The type at `a.b.c` of `t`, through optional members; undefined when a step is not a declared property. */
function at(d: Declared, t: ts.Type, dotted: string): ts.Type | undefined {
  let cur: ts.Type | undefined = t;
  for (const key of dotted.split('.')) {
    const prop: ts.Symbol | undefined = cur ? d.checker.getPropertyOfType(d.checker.getNonNullableType(cur), key) : undefined;
    if (!prop) return undefined;
    cur = d.checker.getTypeOfSymbol(prop);
  }
  return cur ? d.checker.getNonNullableType(cur) : undefined;
}

const firstParam = (d: Declared, fn: ts.Type): ts.Type | undefined => {
  const sig = fn.getCallSignatures().at(-1);
  const p = sig?.getParameters()[0];
  return p ? d.checker.getNonNullableType(d.checker.getTypeOfSymbol(p)) : undefined;
};

/** Where an answer comes from: a `success` callback, a sync call's return, an event listener's argument. */
type Kind = 'success' | 'fail' | 'return' | 'listener';

function answerType(d: Declared, owner: ts.Type, method: string, kind: Kind): ts.Type | undefined {
  const fn = at(d, owner, method);
  if (!fn) return undefined;
  if (kind === 'return') {
    const sig = fn.getCallSignatures().at(-1);
    return sig ? d.checker.getNonNullableType(sig.getReturnType()) : undefined;
  }
  const arg = firstParam(d, fn);
  if (!arg) return undefined;
  const callback = kind === 'listener' ? arg : at(d, arg, kind);
  return callback ? firstParam(d, callback) : undefined;
}

/**
 * The answer fields the adapters read, by host call. `file` is the adapter that reads them (the
 * test checks that it does); `owner` is a declared interface when the call is on a returned object.
 */
const READS: Array<{ platform: Platform; file: string; owner?: string; method: string; kind: Kind; fields: string[] }> = [
  { platform: 'weapp', file: 'http.weapp.ts', method: 'request', kind: 'success', fields: ['statusCode', 'data'] },
  { platform: 'weapp', file: 'http.weapp.ts', method: 'request', kind: 'fail', fields: ['errno', 'errMsg'] },
  { platform: 'weapp', file: 'login.weapp.ts', method: 'login', kind: 'success', fields: ['code'] },
  { platform: 'weapp', file: 'scan-taro.ts', method: 'scanCode', kind: 'success', fields: ['result'] },
  { platform: 'weapp', file: 'location-taro.ts', method: 'getLocation', kind: 'success', fields: ['latitude', 'longitude'] },
  { platform: 'weapp', file: 'location-taro.ts', owner: 'MapContext', method: 'getCenterLocation', kind: 'success', fields: ['latitude', 'longitude'] },
  { platform: 'weapp', file: 'location.weapp.ts', method: 'chooseLocation', kind: 'success', fields: ['name', 'address', 'latitude', 'longitude'] },
  { platform: 'weapp', file: 'upload-taro.ts', method: 'chooseImage', kind: 'success', fields: ['tempFilePaths'] },
  { platform: 'weapp', file: 'upload-taro.ts', method: 'uploadFile', kind: 'success', fields: ['statusCode', 'data'] },
  { platform: 'weapp', file: 'socket.weapp.ts', owner: 'SocketTask', method: 'onMessage', kind: 'listener', fields: ['data'] },
  { platform: 'weapp', file: 'socket.weapp.ts', owner: 'SocketTask', method: 'onClose', kind: 'listener', fields: ['code', 'reason'] },
  { platform: 'weapp', file: 'client-mini.ts', method: 'getLaunchOptionsSync', kind: 'return', fields: ['query'] },
  { platform: 'weapp', file: 'client-mini.ts', method: 'getDeviceInfo', kind: 'return', fields: ['platform', 'system', 'model'] },
  { platform: 'weapp', file: 'viewport-mini.ts', method: 'getWindowInfo', kind: 'return', fields: ['windowHeight'] },
  { platform: 'alipay', file: 'http.alipay.ts', method: 'request', kind: 'success', fields: ['status', 'data'] },
  { platform: 'alipay', file: 'http.alipay.ts', method: 'request', kind: 'fail', fields: ['error', 'errorMessage', 'status', 'data'] },
  { platform: 'alipay', file: 'login.alipay.ts', method: 'getAuthCode', kind: 'success', fields: ['authCode'] },
  { platform: 'alipay', file: 'payment.alipay.ts', method: 'tradePay', kind: 'success', fields: ['resultCode'] },
  { platform: 'alipay', file: 'phone.alipay.ts', method: 'getPhoneNumber', kind: 'success', fields: ['response'] },
  { platform: 'alipay', file: 'subscribe.alipay.ts', method: 'requestSubscribeMessage', kind: 'success', fields: ['result.subscribeEntityIds'] },
  { platform: 'alipay', file: 'location.alipay.ts', method: 'chooseLocation', kind: 'success', fields: ['name', 'address', 'latitude', 'longitude'] },
  { platform: 'alipay', file: 'location.alipay.ts', method: 'chooseLocation', kind: 'fail', fields: ['error', 'errorMessage'] },
  { platform: 'alipay', file: 'socket.alipay.ts', method: 'onSocketMessage', kind: 'listener', fields: ['data'] },
  { platform: 'alipay', file: 'socket.alipay.ts', method: 'onSocketClose', kind: 'listener', fields: ['code', 'reason'] },
  { platform: 'alipay', file: 'client-mini.ts', method: 'getSystemInfoSync', kind: 'return', fields: ['platform', 'system', 'model'] },
  { platform: 'alipay', file: 'viewport-mini.ts', method: 'getWindowInfo', kind: 'return', fields: ['windowHeight'] },
];

/**
 * Where the model or the adapters go beyond the declarations, on purpose. Each entry has its line in
 * docs/decisions.md "Host declarations and documentation"; an entry the declarations come to cover
 * (or the model stops answering) fails the test, so the list only holds live disagreements.
 */
const ALLOWED: Record<Platform, { api: Record<string, string>; fields: Record<string, string> }> = {
  weapp: { api: {}, fields: {} },
  alipay: {
    api: {},
    fields: {
      // my.request: the reference gives an HTTP error's status and body with error 19; the
      // declarations' fail answer has error and errorMessage only (src/platform/host-documented.ts)
      'request fail.data': 'MyRequestHttpError',
      'request fail.status': 'MyRequestHttpError',
      // my.onSocketClose: declared with `reason` only; the adapter takes a `code` when one comes and
      // 1006 otherwise (src/platform/host-documented.ts)
      'onSocketClose listener.code': 'MySocketCloseCode',
    },
  },
};

suite.each(['weapp', 'alipay'] as const)('%s: the host model against the declarations', (platform) => {
  let d: Declared;
  let model: ReturnType<MiniHost['surface']>;
  beforeAll(() => {
    d = declarations(platform);
    model = new MiniHost({ platform, distDir: dist(platform), serverOrigin: 'http://127.0.0.1:1', buildOrigin: 'http://127.0.0.1:8080', now: Date.UTC(2024, 0, 1) }).surface();
  });

  test('every API the model answers is declared by the host', () => {
    const declared = names(d.api);
    expect(declared.size).toBeGreaterThan(200);
    const undeclared = model.api.filter((n) => !declared.has(n));
    expect(undeclared.sort()).toEqual(Object.keys(ALLOWED[platform].api).sort());
  });

  test('every selector-query and node-reference method the model answers is declared', () => {
    const q = names(d.selectorQuery);
    const n = names(d.nodesRef);
    expect({ query: model.selectorQuery.filter((m) => !q.has(m)), node: model.nodesRef.filter((m) => !n.has(m)) }).toEqual({ query: [], node: [] });
  });

  test('every answer field the adapters read is a declared property of that answer', () => {
    const missing: string[] = [];
    for (const r of READS.filter((x) => x.platform === platform)) {
      const source = fs.readFileSync(path.join(ROOT, 'src/platform', r.file), 'utf8');
      const owner = r.owner ? d.named(r.owner) : d.api;
      const answer = answerType(d, owner, r.method, r.kind);
      if (!answer) {
        missing.push(`${r.owner ?? ''}${r.owner ? '.' : ''}${r.method}: no ${r.kind} answer declared`);
        continue;
      }
      for (const field of r.fields) {
        // the table names only fields the adapter really reads
        expect([r.file, field, new RegExp(`\\b${field.split('.').at(-1)}\\b`).test(source)]).toEqual([r.file, field, true]);
        if (!at(d, answer, field)) missing.push(`${r.owner ?? ''}${r.owner ? '.' : ''}${r.method} ${r.kind}.${field}`);
      }
    }
    expect(missing.sort()).toEqual(Object.keys(ALLOWED[platform].fields).sort());
  });
});

suite('alipay: NodesRef.node()', () => {
  test('the payment app declares node() for a canvas only, and the model answers none (the category jump uses scroll-top)', () => {
    const d = declarations('alipay');
    const node = d.selectorQuery.getProperty('node');
    expect(node).toBeDefined();
    const doc = [ts.displayPartsToString(node?.getDocumentationComment(d.checker)), ...(node?.getJsDocTags(d.checker) ?? []).map((t) => ts.displayPartsToString(t.text))].join(' ');
    expect(doc).toMatch(/仅支持 \[Canvas\]/);
    const model = new MiniHost({ platform: 'alipay', distDir: dist('alipay'), serverOrigin: 'http://127.0.0.1:1', buildOrigin: 'http://127.0.0.1:8080', now: Date.UTC(2024, 0, 1) }).surface();
    expect(model.nodesRef).not.toContain('node');
    expect(model.nodesRef).toEqual(expect.arrayContaining(['boundingClientRect', 'scrollOffset', 'fields']));
  });
});
