/**
 * OPS-1 graceful shutdown: a closing server runs its own close steps (the notice worker's last send,
 * the live rooms' drain, the outbox leases they give back) while its database is still open, and
 * closes the database after them. A close step that still queries must not meet a closed pool.
 */
import { buildTestServer } from '../../support/build-server';

jest.setTimeout(60_000);

test("the app's close steps query a database that is still open; the database closes after them", async () => {
  const seen: string[] = [];
  const server = await buildTestServer({
    extraRoutes: [
      (_app, ctx) => {
        ctx.onClose(async () => {
          try {
            await ctx.database.exec('select 1');
            seen.push('close step queried');
          } catch (e) {
            seen.push(`close step failed: ${(e as Error).message}`);
          }
        });
        const close = ctx.database.close.bind(ctx.database);
        ctx.database.close = async () => {
          seen.push('database closed');
          await close();
        };
      },
    ],
  });
  await server.close();
  expect(seen).toEqual(['close step queried', 'database closed']);
});
