/**
 * Routes are thin (docs/architecture.md §17 Thin routes): no route imports the database (schema,
 * client, query builder) and no route starts a timer. Checked on the TypeScript syntax tree of every
 * route file, and by the project's lint rule (import/no-restricted-paths) on a route that would.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../..');
const routesDir = path.join(root, 'server/src/routes');
const dbDir = path.join(root, 'server/src/db');

const routeFiles = fs
  .readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => path.join(routesDir, f));

function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text);
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0])) {
      out.push((node.arguments[0] as ts.StringLiteral).text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function timerCalls(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && /^set(Interval|Timeout|Immediate)$/.test(node.expression.text)) {
      out.push(`${path.relative(root, file)}: ${node.expression.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

test('the route files are found', () => {
  expect(routeFiles.map((f) => path.basename(f))).toEqual(expect.arrayContaining(['store.ts', 'user.ts', 'vip.ts', 'order.ts']));
});

test('no route imports server/src/db or the query builder', () => {
  const offending = routeFiles.flatMap((file) =>
    importsOf(file)
      .filter((spec) => spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/') || (spec.startsWith('.') && path.resolve(path.dirname(file), spec).startsWith(dbDir)))
      .map((spec) => `${path.relative(root, file)} imports ${spec}`),
  );
  expect(offending).toEqual([]);
});

test('no route starts a timer', () => {
  expect(routeFiles.flatMap(timerCalls)).toEqual([]);
});

test('the lint rule refuses a route that imports the database schema', async () => {
  // the probe file does not exist on disk: import/no-cycle (which walks files) is off for it
  const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
  const [result] = await eslint.lintText("import { users } from '../db/schema';\nexport const x = users;\n", {
    filePath: path.join(routesDir, 'lint-probe.ts'),
  });
  expect(result.messages.map((m) => m.ruleId)).toContain('import/no-restricted-paths');
}, 60_000);

describe('registering the routes', () => {
  test('starts no timer from server code (background work is started by the app)', async () => {
    const { buildTestServer } = await import('../support/build-server');
    const { registerRoutes } = await import('../../server/src/routes');
    const { default: Fastify } = await import('fastify');
    const { validatorCompiler } = await import('fastify-type-provider-zod');
    const server = await buildTestServer();
    const bare = Fastify();
    // every timer started while the routes register, with the server file that started it
    const started: string[] = [];
    const record = (name: string) => {
      const caller = (new Error().stack ?? '').split('\n').find((l) => l.includes(`${path.sep}server${path.sep}src${path.sep}`));
      if (caller) started.push(`${name} ${caller.trim()}`);
    };
    const spies = (['setInterval', 'setTimeout'] as const).map((name) => {
      const real = globalThis[name];
      return jest.spyOn(globalThis, name).mockImplementation(((...args: Parameters<typeof real>) => {
        record(name);
        return (real as (...a: unknown[]) => unknown)(...args);
      }) as never);
    });
    try {
      bare.setValidatorCompiler(validatorCompiler);
      await registerRoutes(bare, server.ctx);
      await bare.ready();
    } finally {
      for (const s of spies) s.mockRestore();
      await bare.close();
      await server.close();
    }
    expect(started).toEqual([]);
  }, 60_000);
});
