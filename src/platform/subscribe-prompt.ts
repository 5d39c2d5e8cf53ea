/**
 * Asking for order notices after an order (ORDER-11): at most once per order, only where the host has
 * subscribe messages and the shop has templates, and never again for an order the customer answered
 * (accepted, refused or dismissed). The host keeps its own "always keep my choice" setting: once set,
 * its request answers at once without a dialog, so asking costs the customer nothing.
 */
import { firstTemplates } from './subscribe-templates';
import type { KeyValueStorage, SubscribeAdapter } from './types';

/** How the customer answered for one order. */
export type SubscribeAnswer = 'accepted' | 'refused' | 'unavailable';

/** Storage key of the answers, newest last: `[orderKey, answer][]`. */
export const SUBSCRIBE_ANSWERS_KEY = 'subscribeAnswers';
/** Answers kept (older orders are long past their notices). */
export const SUBSCRIBE_ANSWERS_KEPT = 30;

type Answers = Array<[string, SubscribeAnswer]>;

const answersOf = (storage: KeyValueStorage): Answers => {
  const raw = storage.get<unknown>(SUBSCRIBE_ANSWERS_KEY);
  return Array.isArray(raw) ? (raw.filter((e) => Array.isArray(e) && typeof e[0] === 'string') as Answers) : [];
};

/** The answer already given for an order, if any. */
export function subscribeAnswerFor(storage: KeyValueStorage, orderKey: string): SubscribeAnswer | undefined {
  return answersOf(storage).find(([k]) => k === orderKey)?.[1];
}

/** Records the answer for an order (a refusal included: the order is not asked about again). */
export function rememberSubscribeAnswer(storage: KeyValueStorage, orderKey: string, answer: SubscribeAnswer): void {
  const rest = answersOf(storage).filter(([k]) => k !== orderKey);
  storage.set(SUBSCRIBE_ANSWERS_KEY, [...rest, [orderKey, answer]].slice(-SUBSCRIBE_ANSWERS_KEPT));
}

/** Whether to offer the prompt for an order: a host with subscribe messages, templates, no answer yet. */
export function shouldOfferSubscribe(
  subscribe: SubscribeAdapter,
  storage: KeyValueStorage,
  orderKey: string,
  templateIds: readonly string[] | null | undefined,
): boolean {
  return subscribe.supported && firstTemplates(templateIds ?? []).length > 0 && subscribeAnswerFor(storage, orderKey) === undefined;
}

/**
 * Requests the shop's first 3 templates (C§9) for an order, once: an order already answered gets its
 * recorded answer without a second request. Must run from a tap (both hosts refuse otherwise).
 */
export async function askSubscribe(
  subscribe: SubscribeAdapter,
  storage: KeyValueStorage,
  orderKey: string,
  templateIds: readonly string[],
): Promise<SubscribeAnswer> {
  const known = subscribeAnswerFor(storage, orderKey);
  if (known) return known;
  const res = await subscribe.requestSubscribe(firstTemplates(templateIds));
  const answer: SubscribeAnswer = res.ok ? (res.value.accepted.length > 0 ? 'accepted' : 'refused') : res.cancelled ? 'refused' : 'unavailable';
  rememberSubscribeAnswer(storage, orderKey, answer);
  return answer;
}
