/**
 * The mini programs carry the general area (the main package's general and user pages) in the default
 * language only; user/messages answers it with the start-up texts of every other language.
 */
import { userCalls } from '../../src/api/contract/user';
import { general as en } from '../../locales/areas/general/en';
import { general as fr } from '../../locales/areas/general/fr';
import { buildTestServer, type TestServer } from '../support/build-server';

let server: TestServer;
// the embedded database takes seconds to start on a busy machine
beforeAll(async () => {
  server = await buildTestServer();
}, 120_000);
afterAll(() => server.close());

test('user/messages answers the general area with a language’s start-up texts', async () => {
  const frRes = await server.call(userCalls.messages, { lang: 'fr' });
  if (!frRes.ok) throw new Error(frRes.info);
  const tree = frRes.info as { general: typeof fr; pages: object };
  expect(tree.general.protocol?.agreementTitle).toBe("Conditions d'utilisation");
  expect(tree.general).toEqual(fr);
  // the start-up texts are still there
  expect(tree.pages).toBeDefined();
  const enRes = await server.call(userCalls.messages, { lang: 'en' });
  expect(enRes.ok && (enRes.info as { general: typeof en }).general.contact.call).toBe('Call');
});
