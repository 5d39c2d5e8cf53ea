/**
 * Appointments (ORDER-5, C§3 Beauty, C§5): the shop's beauty set, tags and service users
 * (beauty/users), the booked times of a day (beauty/alreadyAppointmentTimes), the days and times an
 * appointment can take (appointmentTimeLimit, the shop's hours), the chosen service user, the
 * deposit figures, and the checks before an appointment is submitted. The choices themselves live
 * in the checkout's order form (`appointment`, `serviceUserId`, `beautyUserName`, `beautyUserPhone`),
 * which the order submission reads.
 *
 * Built by the confirm page and the service-user page through `beautyArea(root)`.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../../api';
import { ruleOf, settle } from '../../api/request';
import type { BeautySet, BookedSlot, ServiceTag, ServiceUser } from '../../api/contract/beauty';
import {
  appointmentDays,
  appointmentTimesOfDay,
  checkOneTechnician,
  dayKey,
  depositOf,
  overlapsBooked,
  serviceDurationOf,
  type DepositFigures,
} from '../../domain/beauty';
import { checkPhone, isBlank } from '../../domain/contact';
import { ErrorCode, ruleError, type RuleError } from '../../domain/errors';
import { shopClock } from '../../domain/hours';
import { checkServiceUserChoice } from '../../domain/order-rules';
import type { CartStore } from '../cart';
import type { CheckoutStore } from '../checkout';
import { change } from '../named-action';
import type { RootStore } from '../root';
import type { ShopStore } from '../shop';
import { shopZone, type ShopZone } from '@/domain/shop-time';

export type { BeautySet, BookedSlot, ServiceTag, ServiceUser };

/** A start time of the picker: `booked` when no one who performs the services is free then. */
export interface AppointmentTime {
  at: number;
  booked: boolean;
}

export interface BeautyDeps {
  api: Pick<Api, 'beauty'>;
  cart: CartStore;
  checkout: CheckoutStore;
  shop: ShopStore;
  now: () => number;
}

/** Half an hour: the slot when the shop's set is not known yet. */
const DEFAULT_SLOT_MINUTES = 30;

export class BeautyStore {
  set: BeautySet | null = null;
  tags: ServiceTag[] = [];
  /** The service users who perform the cart's services (free flags for the chosen time once asked). */
  users: ServiceUser[] = [];
  lastUsers: ServiceUser[] = [];
  /** The chosen time the free flags of `users` were asked for (null: not asked with a time). */
  usersAt: number | null = null;
  /** Service users of these services who take appointments at all (asked without a time). */
  bookableIds: number[] = [];
  usersLoading = false;
  usersError: RuleError | null = null;
  /** Booked appointments by date 'YYYY-MM-DD'. */
  booked: Record<string, BookedSlot[]> = {};
  /** The day shown in the time picker (shop-local day start). */
  day: number | null = null;
  /** The tag filter of the service-user page (null = all). */
  tagFilter: number | null = null;
  /** The chosen service user as it was listed (the form keeps its id). */
  chosenUser: ServiceUser | null = null;
  now: number;

  constructor(private readonly deps: BeautyDeps) {
    this.now = deps.now();
    makeObservable(this, {
      set: observable.ref,
      tags: observable.ref,
      users: observable.ref,
      lastUsers: observable.ref,
      usersAt: observable,
      bookableIds: observable.ref,
      usersLoading: observable,
      usersError: observable.ref,
      booked: observable.ref,
      day: observable,
      tagFilter: observable,
      chosenUser: observable.ref,
      now: observable,
      offset: computed,
      slotMinutes: computed,
      duration: computed,
      days: computed,
      times: computed,
      deposit: computed,
      shownUsers: computed,
      shownTags: computed,
      serviceUserRequired: computed,
      technicianError: computed,
      validationError: computed,
    });
  }

  /** The shop's zone (shop-time.ts). */
  get offset(): ShopZone {
    return shopZone(this.deps.shop.shop);
  }

  get slotMinutes(): number {
    return this.set?.slotMinutes ?? DEFAULT_SLOT_MINUTES;
  }

  /** C§3 serviceDuration: the cart's services' minutes. */
  get duration(): number {
    return serviceDurationOf(this.deps.cart.lines, this.slotMinutes);
  }

  /** The days an appointment can be booked on (C§3 appointmentTimeLimit). */
  get days(): number[] {
    return appointmentDays(this.now, this.deps.shop.shop?.appointmentTimeLimit, this.offset);
  }

  /** Start times of the shown day; a time is booked when every service user of these services is taken. */
  get times(): AppointmentTime[] {
    const day = this.day ?? this.days[0];
    const shop = this.deps.shop.shop;
    const all = appointmentTimesOfDay(day, {
      now: this.now,
      limitDays: shop?.appointmentTimeLimit,
      hours: shop?.businessTimeRange,
      zone: this.offset,
      slotMinutes: this.slotMinutes,
      durationMinutes: this.duration,
    });
    const booked = this.booked[dayKey(day, this.offset)] ?? [];
    const chosen = this.deps.checkout.orderInfo.serviceUserId;
    const candidates = chosen !== null ? [chosen] : this.bookableIds;
    return all.map((at) => ({
      at,
      booked:
        candidates.length > 0 &&
        candidates.every((id) => overlapsBooked(at, this.duration, booked.filter((b) => b.serviceUserId === id))),
    }));
  }

  /** What the appointment asks now and in the shop (C§3 depositSet); null when it is paid in full. */
  get deposit(): DepositFigures | null {
    const b = this.deps.checkout.breakdown;
    if (!b || !this.set) return null;
    return depositOf(b.amountToPay, this.set.depositSet, this.deps.shop.numberDecimals);
  }

  /** The service-user page's list: the tag filter applied, the "last time" users first. */
  get shownUsers(): Array<ServiceUser & { last: boolean }> {
    const byTag = (u: ServiceUser) => this.tagFilter === null || u.tagId === this.tagFilter;
    const lastIds = this.lastUsers.map((u) => u.id);
    const last = lastIds.flatMap((id) => this.users.filter((u) => u.id === id && byTag(u)));
    const rest = this.users.filter((u) => !lastIds.includes(u.id) && byTag(u));
    return [...last.map((u) => ({ ...u, last: true })), ...rest.map((u) => ({ ...u, last: false }))];
  }

  /** The tags of the listed service users (the filter offers no tag nobody here has). */
  get shownTags(): ServiceTag[] {
    return this.tags.filter((tag) => this.users.some((u) => u.tagId === tag.id));
  }

  get serviceUserRequired(): boolean {
    return this.set?.serviceUserRequired === true;
  }

  /**
   * beauty/users for the cart's services, with the free flags of the chosen time when there is one;
   * the set's pay types go to the checkout (only those are offered).
   */
  async loadUsers(): Promise<boolean> {
    const { cart, checkout } = this.deps;
    const at = checkout.orderInfo.appointment;
    const productIds = [...new Set(cart.lines.filter((l) => l.quantity > 0).map((l) => l.id))];
    change('beauty/usersLoading', () => {
      this.usersLoading = true;
      this.usersError = null;
    });
    const req: { productIds: number[]; appointment?: number; duration?: number } = { productIds };
    if (at !== null) {
      req.appointment = at;
      req.duration = this.duration;
    }
    const res = await settle(this.deps.api.beauty.users(req));
    change('beauty/users', () => {
      this.usersLoading = false;
      if (!res.ok) {
        this.usersError = ruleOf(res.error);
        return;
      }
      this.set = res.data.set;
      this.tags = res.data.tags;
      this.users = res.data.users;
      this.lastUsers = res.data.lastUsers;
      this.usersAt = at;
      if (at === null) this.bookableIds = res.data.users.filter((u) => u.canReverse).map((u) => u.id);
      const chosen = checkout.orderInfo.serviceUserId;
      if (chosen !== null) this.chosenUser = res.data.users.find((u) => u.id === chosen) ?? this.chosenUser;
    });
    if (res.ok) checkout.setAppointmentPay(res.data.set);
    return res.ok;
  }

  /** The booked times of a day (beauty/alreadyAppointmentTimes); the picker greys them. */
  async loadDay(day: number): Promise<void> {
    change('beauty/day', () => {
      this.day = day;
      this.now = this.deps.now();
    });
    const date = dayKey(day, this.offset);
    const res = await settle(this.deps.api.beauty.alreadyAppointmentTimes({ date }));
    if (!res.ok) return;
    change('beauty/booked', () => {
      this.booked = { ...this.booked, [date]: res.data.list };
    });
  }

  /** Chooses the appointment time; a chosen service user who is booked then is let go. */
  chooseTime(at: number): void {
    const { checkout } = this.deps;
    const booked = this.booked[dayKey(shopClock(at, this.offset).dayStart, this.offset)] ?? [];
    const chosen = checkout.orderInfo.serviceUserId;
    const clash = chosen !== null && overlapsBooked(at, this.duration, booked.filter((b) => b.serviceUserId === chosen));
    checkout.setOrderInfo(clash ? { appointment: at, serviceUserId: null } : { appointment: at });
    if (clash) {
      change('beauty/unchoose', () => {
        this.chosenUser = null;
      });
    }
  }

  /** C§5: the service user is chosen after the time (`appointmentTimeFirst` otherwise). */
  canChooseUser(): RuleError | null {
    return checkServiceUserChoice(this.deps.checkout.orderInfo.appointment);
  }

  /** Chooses a service user (null = no preference, when the set allows it). */
  chooseUser(user: ServiceUser | null): RuleError | null {
    if (user && !user.canReverse) return ruleError(ErrorCode.serviceUserUnavailable);
    if (!user && this.serviceUserRequired) return ruleError(ErrorCode.requiredServiceUser);
    this.deps.checkout.setOrderInfo({ serviceUserId: user?.id ?? null });
    change('beauty/chooseUser', () => {
      this.chosenUser = user;
    });
    return null;
  }

  setTagFilter(tagId: number | null): void {
    change('beauty/tagFilter', () => {
      this.tagFilter = tagId;
    });
  }

  /** The beauty user's name and phone (who is served). */
  setContact(patch: { beautyUserName?: string; beautyUserPhone?: string }): void {
    this.deps.checkout.setOrderInfo(patch);
  }

  /**
   * C§6: `appointmentNeedsSeveralTechnicians` when the cart's services need more than one service user
   * (they belong to more than one tag); such an appointment is booked by calling the shop.
   */
  get technicianError(): RuleError | null {
    return checkOneTechnician(this.deps.cart.lines);
  }

  /** ORDER-5 / C§5 before submitting: one technician (C§6), the time, the service user when required, the name and the phone. */
  get validationError(): RuleError | null {
    if (this.technicianError) return this.technicianError;
    const info = this.deps.checkout.orderInfo;
    if (info.appointment === null) return ruleError(ErrorCode.requiredAppointmentTime);
    if (this.serviceUserRequired && info.serviceUserId === null) return ruleError(ErrorCode.requiredServiceUser);
    if (isBlank(info.beautyUserName)) return ruleError(ErrorCode.requiredName);
    return checkPhone(info.beautyUserPhone);
  }
}

/** The appointment store of `root`, built from its API, cart and shop (first use only). */
export function beautyArea(root: RootStore): BeautyStore {
  return root.area(
    'beauty',
    (r) =>
      new BeautyStore({
        api: r.api,
        // the cart exists once the ordering stores are built (a page may build this store before)
        get cart() {
          return r.cart;
        },
        get checkout() {
          return r.checkout;
        },
        shop: r.shop,
        now: r.now,
      }),
  );
}
