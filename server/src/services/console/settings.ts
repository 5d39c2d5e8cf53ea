/** A shop's board settings (CONSOLE-7): read by the board and the auto rules, saved by an owner. */
import { eq, sql } from 'drizzle-orm';
import type { ConsoleSettings } from '../../../../src/api/contract/console';
import { perServer, type ServerContext } from '../../context';
import { consoleSettings } from '../../db/schema';
import { AppError } from '../../http/errors';

/** A shop without a row: nothing automatic, no answer time. */
export const DEFAULT_CONSOLE_SETTINGS: ConsoleSettings = { autoAccept: false, answerMinutes: null, autoRefuse: false };

/** The settings' read, prepared once per server (auto-accept reads it on every order change). */
const settingsQuery = perServer((ctx) =>
  ctx.db
    .select()
    .from(consoleSettings)
    .where(eq(consoleSettings.shopId, sql.placeholder('shopId')))
    .limit(1)
    .prepare('console_settings_of_shop'),
);

export async function settingsOf(ctx: ServerContext, shopId: number): Promise<ConsoleSettings> {
  const [row] = await settingsQuery(ctx).execute({ shopId });
  return row ? { autoAccept: row.autoAccept, answerMinutes: row.answerMinutes, autoRefuse: row.autoRefuse } : DEFAULT_CONSOLE_SETTINGS;
}

/**
 * Saves the settings (the route checks the owner). Auto-refusal needs an answer time: asked without
 * one, `badRequest` and nothing is saved.
 */
export async function saveSettings(ctx: ServerContext, shopId: number, s: ConsoleSettings): Promise<ConsoleSettings> {
  if (s.autoRefuse && s.answerMinutes === null) throw new AppError('badRequest', undefined, undefined, 'autoRefuse needs answerMinutes');
  const value = { autoAccept: s.autoAccept, answerMinutes: s.answerMinutes, autoRefuse: s.autoRefuse };
  await ctx.db
    .insert(consoleSettings)
    .values({ shopId, ...value })
    .onConflictDoUpdate({ target: consoleSettings.shopId, set: value });
  return value;
}
