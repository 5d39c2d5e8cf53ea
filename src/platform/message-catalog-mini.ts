/**
 * Mini-program messages (C§1; APP-4, the main package's size): the start-up code carries the default
 * language, and English too in the overseas build; every other language is fetched from the server
 * once (user/messages, the same trees the H5 site loads as chunks) and kept on the device, so the
 * next start shows it at once. A kept copy from another version of the messages is not used: the
 * fetch replaces it. The server answers from the same locales/ the build was made from.
 */
import { CONSUMER_BASE_PATH } from '../api/request';
import type { DeepPartial } from '../../locales/deep-partial';
import type { LocaleMessages } from '../../locales';
import { zhCN as startUp } from '../../locales/zh-CN';
import { laterZhCN } from '../../locales/later/zh-CN';
import { joinTrees } from '../../locales/join-trees';
import { SUPPORTED_LANGUAGES } from '../domain/language';
import type { Language } from '../domain/language';
import { apiHost } from './env';
import { taroTransport } from './http';
import { storage } from './storage';

type Messages = DeepPartial<LocaleMessages>;

/** The default language's start-up texts: the mini programs' tab pages are in the main package, so all of them. */
const zhCN = joinTrees(startUp, laterZhCN) as Messages;

/** The overseas build starts in English, so it carries it (the constant removes the other branch). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const enAtStart: Messages | undefined = ABROAD_ENV ? (require('../../locales/en') as { en: Messages }).en : undefined;

/** Which version of the messages a kept copy belongs to (a fingerprint of the message files). */
const STAMP = MESSAGES_VERSION;
const keyOf = (lang: Language) => `messages_${lang}`;

interface KeptMessages {
  stamp: string;
  messages: Messages;
}

/** A copy kept on the device by an earlier fetch of this version, if any. */
function kept(lang: Language): Messages | undefined {
  const entry = storage.get<KeptMessages>(keyOf(lang));
  return entry && entry.stamp === STAMP && typeof entry.messages === 'object' ? entry.messages : undefined;
}

/** The languages whose messages are part of the start-up code or kept from an earlier fetch. */
export const bundledMessages: Partial<Record<Language, Messages>> = { 'zh-CN': zhCN };
if (enAtStart) bundledMessages.en = enAtStart;
for (const lang of SUPPORTED_LANGUAGES) {
  if (bundledMessages[lang]) continue;
  const copy = kept(lang);
  if (copy) bundledMessages[lang] = copy;
}

/** Fetches a language's messages from the server and keeps them on the device. */
export async function fetchMessages(lang: Language): Promise<Messages> {
  if (lang === 'zh-CN') return zhCN;
  const res = await taroTransport.send({
    url: `${apiHost()}${CONSUMER_BASE_PATH}user/messages`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    data: { lang },
    timeoutMs: 15_000,
  });
  const body = res.data as { result?: unknown; info?: unknown } | null;
  if (res.statusCode !== 200 || !body || body.result !== true || typeof body.info !== 'object' || body.info === null) {
    throw new Error(`the messages of ${lang} did not arrive (${res.statusCode})`);
  }
  const messages = body.info as Messages;
  storage.set(keyOf(lang), { stamp: STAMP, messages } satisfies KeptMessages);
  return messages;
}
