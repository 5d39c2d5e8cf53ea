/**
 * The table room's dialogs (C§4 "Scan-order live channel", "Cart sync"; TABLE-2, TABLE-4): after the
 * reconnect attempts are used up the "failed to connect" dialog offers Retry, which connects again;
 * another diner's submission shows who placed the order and leads to the ordered dishes; a busy dish
 * says so. The table store is a stand-in holding the state the real one exposes.
 */
import { render, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { observable, runInAction } from 'mobx';
import { TableAlerts } from '@/components/table/TableAlerts';
import { ErrorCode, ruleError } from '@/domain/errors';
import { errorMessage } from '@/i18n';
import { rootStore, StoresProvider } from '@/stores';
import type { RootStore } from '@/stores';

function tableStandIn() {
  const table = observable({
    status: 'open' as string,
    submitted: null as null | { by: { openId: string; nickname: string; avatar: string }; mine: boolean },
    notice: null as null | { kind: 'busy'; error: ReturnType<typeof ruleError>; reason: string },
    diners: [] as Array<{ openId: string; nickname: string; avatar: string }>,
  });
  const calls = { retry: 0, dismissSubmitted: 0, dismissNotice: 0 };
  const store = Object.assign(table, {
    retry: () => (calls.retry += 1),
    dismissSubmitted: () => runInAction(() => ((table.submitted = null), (calls.dismissSubmitted += 1))),
    dismissNotice: () => runInAction(() => ((table.notice = null), (calls.dismissNotice += 1))),
  });
  return { table: store, calls };
}

describe('TableAlerts', () => {
  let modal: jest.SpyInstance;
  let navigateTo: jest.SpyInstance;
  beforeEach(() => {
    modal = jest.spyOn(rootStore.platform.ui, 'modal').mockResolvedValue(true);
    navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' });
  });
  afterEach(() => jest.restoreAllMocks());

  const mount = (table: object) =>
    render(
      <StoresProvider value={{ table } as unknown as RootStore}>
        <TableAlerts />
      </StoresProvider>,
    );

  it('offers Retry once the attempts are used up, and Retry connects again', async () => {
    const { table, calls } = tableStandIn();
    mount(table);
    expect(modal).not.toHaveBeenCalled();
    runInAction(() => (table.status = 'failed'));
    await waitFor(() => expect(calls.retry).toBe(1));
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: errorMessage(ErrorCode.syncConnectFailed), showCancel: true }));
  });

  it("another diner's submission names them and leads to the ordered dishes; one's own shows nothing", async () => {
    const { table, calls } = tableStandIn();
    mount(table);
    runInAction(() => (table.submitted = { by: { openId: 'o1', nickname: 'Lin', avatar: '' }, mine: true }));
    await waitFor(() => expect(calls.dismissSubmitted).toBe(1));
    expect(modal).not.toHaveBeenCalled();

    runInAction(() => (table.submitted = { by: { openId: 'o2', nickname: 'Wang', avatar: '' }, mine: false }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/order/confirmed-order' }));
    expect(modal.mock.calls[0][0].content).toContain('Wang');
    expect(calls.dismissSubmitted).toBe(2);
  });

  it('a busy dish is explained once', async () => {
    const { table, calls } = tableStandIn();
    mount(table);
    runInAction(() => (table.notice = { kind: 'busy', error: ruleError(ErrorCode.cartProductBusy), reason: '' }));
    await waitFor(() => expect(calls.dismissNotice).toBe(1));
    expect(modal).toHaveBeenCalledTimes(1);
    expect(modal.mock.calls[0][0].content).toBe(errorMessage(ErrorCode.cartProductBusy));
  });
});
