/**
 * ORDER-11: the order-notice request after an order — once per order, the shop's first 3 templates
 * (C§9), answers remembered per order, nothing on a host without subscribe messages.
 */
import {
  SUBSCRIBE_ANSWERS_KEPT,
  askSubscribe,
  rememberSubscribeAnswer,
  shouldOfferSubscribe,
  subscribeAnswerFor,
} from '../../src/platform/subscribe-prompt';
import { subscribe as h5Subscribe } from '../../src/platform/subscribe.h5';
import type { PlatformResult, SubscribeAdapter } from '../../src/platform/types';
import { MemoryStorage } from '../support/fakes';

const TEMPLATES = ['order-accepted', 'order-delivering', 'order-refunded', 'order-fourth'];

/** A host with subscribe messages that answers `answer` and records each request. */
function fakeHost(answer: PlatformResult<{ accepted: string[] }>) {
  const requests: string[][] = [];
  const adapter: SubscribeAdapter = {
    supported: true,
    requestSubscribe: async (ids) => {
      requests.push([...ids]);
      return answer;
    },
  };
  return { adapter, requests };
}

describe('the order-notice request', () => {
  test('asks for the first 3 of the shop templates', async () => {
    const host = fakeHost({ ok: true, value: { accepted: ['order-accepted'] } });
    await askSubscribe(host.adapter, new MemoryStorage(), '501', TEMPLATES);
    expect(host.requests).toEqual([['order-accepted', 'order-delivering', 'order-refunded']]);
  });

  test('asks only once for the same order, answering the second time from memory', async () => {
    const host = fakeHost({ ok: true, value: { accepted: ['order-accepted'] } });
    const storage = new MemoryStorage();
    await expect(askSubscribe(host.adapter, storage, '501', TEMPLATES)).resolves.toBe('accepted');
    await expect(askSubscribe(host.adapter, storage, '501', TEMPLATES)).resolves.toBe('accepted');
    expect(host.requests).toHaveLength(1);
  });

  test('asks again for the next order', async () => {
    const host = fakeHost({ ok: true, value: { accepted: [] } });
    const storage = new MemoryStorage();
    await askSubscribe(host.adapter, storage, '501', TEMPLATES);
    expect(shouldOfferSubscribe(host.adapter, storage, '502', TEMPLATES)).toBe(true);
  });

  test('a refusal of every template is remembered for the order and stops the offer', async () => {
    const host = fakeHost({ ok: true, value: { accepted: [] } });
    const storage = new MemoryStorage();
    await expect(askSubscribe(host.adapter, storage, '501', TEMPLATES)).resolves.toBe('refused');
    expect(subscribeAnswerFor(storage, '501')).toBe('refused');
    expect(shouldOfferSubscribe(host.adapter, storage, '501', TEMPLATES)).toBe(false);
  });

  test('a host failure is remembered as unavailable, so the order is not asked again', async () => {
    const host = fakeHost({ ok: false, code: 'platformUnsupported', detail: 'requestSubscribeMessage:fail 20004' });
    const storage = new MemoryStorage();
    await expect(askSubscribe(host.adapter, storage, '501', TEMPLATES)).resolves.toBe('unavailable');
    expect(shouldOfferSubscribe(host.adapter, storage, '501', TEMPLATES)).toBe(false);
  });

  test('is not offered when the shop has no templates', () => {
    const host = fakeHost({ ok: true, value: { accepted: [] } });
    expect(shouldOfferSubscribe(host.adapter, new MemoryStorage(), '501', ['', ' '])).toBe(false);
    expect(shouldOfferSubscribe(host.adapter, new MemoryStorage(), '501', undefined)).toBe(false);
  });

  test('is never offered in a browser', () => {
    expect(shouldOfferSubscribe(h5Subscribe, new MemoryStorage(), '501', TEMPLATES)).toBe(false);
  });

  test('keeps the answers of the last 30 orders only', () => {
    const storage = new MemoryStorage();
    for (let id = 1; id <= SUBSCRIBE_ANSWERS_KEPT + 1; id += 1) rememberSubscribeAnswer(storage, String(id), 'refused');
    expect(subscribeAnswerFor(storage, '1')).toBeUndefined();
    expect(subscribeAnswerFor(storage, '2')).toBe('refused');
    expect(subscribeAnswerFor(storage, String(SUBSCRIBE_ANSWERS_KEPT + 1))).toBe('refused');
  });
});
