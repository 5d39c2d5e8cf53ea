/**
 * Shared steps of the console's browser suites (test/e2e/console*.test.ts): the console build's
 * presence, a tablet-sized staff browser signed in at /console/?lang=en, and the axe-core check.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROOT, e2eReady, type RunningServer } from './harness';

const CONSOLE_INDEX = path.join(ROOT, 'dist', 'console', 'index.html');

/** The H5 and console builds and Chromium are there (in CI their absence fails; elsewhere the suite is skipped). */
export function consoleReady(suiteName: string): boolean {
  if (!e2eReady()) return false;
  if (existsSync(CONSOLE_INDEX)) return true;
  const message = 'e2e: missing the console build (npm run build:console → dist/console)';
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`${message} — ${suiteName} is skipped.`);
  return false;
}

export const TABLET = { width: 1024, height: 768 };

export interface Staff {
  context: BrowserContext;
  page: Page;
}

/** A tablet-sized staff browser on the console's sign-in page in English, its clock at the server's. */
export async function openConsole(browser: Browser, server: RunningServer, initScript?: () => void): Promise<Staff> {
  const context = await browser.newContext({ viewport: TABLET, locale: 'en-US' });
  await context.clock.install({ time: server.now() });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  await page.goto(`${server.base}/console/?lang=en`);
  await page.getByLabel('Username', { exact: true }).waitFor({ timeout: 30_000 });
  return { context, page };
}

/** Signs in as the demo staff member of `shopId` and waits for the board. */
export async function signInStaff(browser: Browser, server: RunningServer, shopId: number, initScript?: () => void, role: 'staff' | 'owner' = 'staff'): Promise<Staff> {
  const staff = await openConsole(browser, server, initScript);
  await staff.page.getByLabel('Username', { exact: true }).fill(`${role}-${shopId}`);
  await staff.page.getByLabel('Password', { exact: true }).fill(`demo-${role}-${shopId}`);
  await staff.page.getByRole('button', { name: 'Sign in' }).click();
  await staff.page.locator('#column-new').waitFor({ timeout: 30_000 });
  return staff;
}

/** No serious or critical axe-core finding on the page as it is now (labels, names, contrast, lang). */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  expect([what, bad]).toEqual([what, []]);
}
