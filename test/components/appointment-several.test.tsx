/**
 * C§6 on the confirm page's appointment card: services that need more than one technician (a facial
 * and a manicure) are not booked online; the card says so in the customer's language and its button
 * calls the shop's phone. Services of one technician show the usual time and staff rows.
 */
import { act, fireEvent, render } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { AppointmentCard } from '@/components/beauty/AppointmentCard';
import { setLanguage } from '@/i18n';
import { StoresProvider } from '@/stores';
import type { RootStore } from '@/stores/root';
import { ok } from '../support/fakes';
import { NOON, buildStores, product, readyToOrder, type StoreFixture } from '../support/store-factories';

const FACIAL = product({ id: 30101, name: '水光补水护理', price: 298, serviceTime: 90, serviceTagId: 401 });
const CLEANSING = product({ id: 30102, name: '深层清洁护理', price: 198, serviceTime: 60, serviceTagId: 401 });
const MANICURE = product({ id: 30301, name: '日式美甲', price: 158, serviceTime: 75, serviceTagId: 403 });
const SET = {
  serviceUserRequired: true,
  CashPay: true,
  WeiXinPay: true,
  AliPay: true,
  VipPay: true,
  depositSet: { allowDeposit: false, payMode: 1 as const },
  slotMinutes: 30,
};

async function salon(ids: number[]): Promise<StoreFixture> {
  const f = buildStores({ platform: 'weapp' });
  await readyToOrder(f, [FACIAL, CLEANSING, MANICURE], { shop: { industry: 4, phone: '021-62345678' } });
  f.session.setOrderType('appointment');
  for (const id of ids) expect(f.cart.add(id)).toBeNull();
  f.transport.on('beauty/users', ok({ users: [], lastUsers: [], tags: [], set: SET }));
  return f;
}

async function renderCard(f: StoreFixture) {
  const areas = new Map<string, unknown>();
  const root = {
    ...f,
    now: () => NOON,
    area: <T,>(key: string, build: (r: RootStore) => T): T => {
      if (!areas.has(key)) areas.set(key, build(root));
      return areas.get(key) as T;
    },
  } as unknown as RootStore;
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
      <StoresProvider value={root}>
        <AppointmentCard />
      </StoresProvider>,
    );
  });
  return view;
}

afterEach(() => {
  setLanguage('zh-CN');
  jest.restoreAllMocks();
});

describe('the appointment card and several technicians (C§6)', () => {
  test('a facial and a manicure: the card says to call the shop and its button dials the shop', async () => {
    setLanguage('en');
    const call = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({ errMsg: 'makePhoneCall:ok' });
    const { container } = await renderCard(await salon([FACIAL.id, MANICURE.id]));
    expect(container.querySelector('#appointment-several')?.textContent).toBe(
      'These services need more than one staff member: please call the shop to book them',
    );
    // no time or staff to choose: the shop books it
    expect(container.querySelector('#row-appointment')).toBeNull();
    expect(container.querySelector('#row-service-user')).toBeNull();
    const button = container.querySelector('#appointment-call-shop') as Element;
    expect(button.textContent).toBe('Call the shop');
    fireEvent.click(button);
    expect(call).toHaveBeenCalledWith({ phoneNumber: '021-62345678' });
  });

  test('in Chinese the card says the services need several staff and to call the shop', async () => {
    const { container } = await renderCard(await salon([FACIAL.id, MANICURE.id]));
    expect(container.querySelector('#appointment-several')?.textContent).toBe('这些服务需要多位服务人员，请致电门店预约');
  });

  test('a facial and a deep cleansing (one beautician) keep the time and staff rows and no call button', async () => {
    const { container } = await renderCard(await salon([FACIAL.id, CLEANSING.id]));
    expect(container.querySelector('#appointment-several')).toBeNull();
    expect(container.querySelector('#appointment-call-shop')).toBeNull();
    expect(container.querySelector('#row-appointment')).not.toBeNull();
    expect(container.querySelector('#row-service-user')).not.toBeNull();
    // 90 + 60 minutes
    expect(container.querySelector('#service-duration')?.textContent).toBe('150 分钟');
  });
});
