/**
 * Membership of the demo (P§3): member settings and levels of the chain and of the beauty salon,
 * recharge and gift-amount rules, the demo members and the demo login users.
 */
import type { GiftAmountRule, MemberSetting } from '../../../src/domain/types';
import {
  BEAUTY_MEMBER_LEVEL,
  CHAIN_ID,
  DEMO_MEMBER,
  DEMO_MEMBER_EMPTY,
  DEMO_USER,
  MEMBER_LEVEL,
  SHOP,
} from './ids';
import { demoImage } from './images';
import type { DemoMember, DemoMemberLevel, DemoPaySetting, DemoUser, PayRule } from './types';

/** The chain card shared by the restaurant and the overseas shop. */
export const chainMemberSetting: MemberSetting = {
  name: '好味会员',
  logo: demoImage('logo-good-taste-club.svg', '好味', 'logo', '#df554a'),
  cardLogo: demoImage('card-good-taste-club.svg', '好味', 'logo', '#b5774b'),
  cardName: '好味连锁会员卡',
  isOpenDiscount: true,
  // Members pay the member price of each product (P§9 discountMode 1 uses member price).
  discountMode: 1,
  isOnlyCardPayForDiscount: false,
  allowRegisterInWeb: true,
  chargeSlogan: '充100送10，首充200送40',
  isAllowRecharge: true,
  isFunctionOpen: true,
  isPointOpen: true,
  isPointDeductionOpen: true,
  // P§9 points deduction: 100 points = 1 currency unit, at most 50 % of the total (rule 2 = percent).
  pointDeductionRate: 100,
  pointDeductionRule: 2,
  pointDeductionMaxLimit: 50,
  isShowVipPrice: true,
};

export const beautyMemberSetting: MemberSetting = {
  name: '悦容会员',
  logo: demoImage('logo-serene-club.svg', '悦容', 'logo', '#c2618f'),
  cardLogo: demoImage('card-serene-club.svg', '悦容', 'logo', '#8a6fc0'),
  cardName: '悦容尊享卡',
  isOpenDiscount: true,
  // Members get their level's discount percent on the whole order (not member prices).
  discountMode: 0,
  // Discounts only when paying by member card (P§5 isOnlyCardPayForDiscount).
  isOnlyCardPayForDiscount: true,
  allowRegisterInWeb: false,
  chargeSlogan: '充1000送150',
  isAllowRecharge: true,
  isFunctionOpen: true,
  isPointOpen: true,
  isPointDeductionOpen: false,
  pointDeductionRate: 100,
  pointDeductionRule: 1,
  pointDeductionMaxLimit: 20,
  isShowVipPrice: true,
};

/** Chain levels; each shop lists them under its own ids (store/levels). */
export function chainLevels(idBase: number): DemoMemberLevel[] {
  return [
    { id: idBase + 1, level: MEMBER_LEVEL.silver, name: '银卡', nameEn: 'Silver', discount: 98 },
    { id: idBase + 2, level: MEMBER_LEVEL.gold, name: '金卡', nameEn: 'Gold', discount: 95 },
    { id: idBase + 3, level: MEMBER_LEVEL.diamond, name: '钻石卡', nameEn: 'Diamond', discount: 90 },
  ];
}

export const beautyLevels: DemoMemberLevel[] = [
  { id: 301, level: BEAUTY_MEMBER_LEVEL.regular, name: '普通会员', nameEn: 'Member', discount: 100 },
  { id: 302, level: BEAUTY_MEMBER_LEVEL.vip, name: '尊享会员', nameEn: 'VIP', discount: 88 },
];

/** Recharge rules of the chain (vip/payRules): charge 100 get 10; first charge 200 get 40; 500 get 80. */
export const chainPayRules: PayRule[] = [
  { id: 1, chargeAmount: 100, presentAmount: 10, isFirst: false },
  { id: 2, chargeAmount: 200, presentAmount: 40, isFirst: true },
  { id: 3, chargeAmount: 500, presentAmount: 80, isFirst: false },
];

export const beautyPayRules: PayRule[] = [
  { id: 11, chargeAmount: 1000, presentAmount: 150, isFirst: false },
  { id: 12, chargeAmount: 500, presentAmount: 100, isFirst: true },
];

/** Gift-amount use (P§9): spend 50 use 5 gift; spend 100 use up to 10 % in gift. */
export const chainGiftRules: GiftAmountRule[] = [
  { minAmount: 50, type: 1, amount: 5 },
  { minAmount: 100, type: 2, percent: 10 },
];

export const beautyGiftRules: GiftAmountRule[] = [{ minAmount: 200, type: 2, percent: 20 }];

/** Chat-app and payment-app wallets, cash at the counter and the member card. */
export const domesticPaySetting: DemoPaySetting = { cash: true, vip: true, weixin: true, alipay: true, stripe: false, allinpay: true };
/** Overseas: card provider instead of the domestic wallets. */
export const overseasPaySetting: DemoPaySetting = { cash: true, vip: true, weixin: false, alipay: false, stripe: true, allinpay: false };
/** Recharge cannot be paid by cash or by the card itself. */
export const domesticChargePaySetting: DemoPaySetting = { cash: false, vip: false, weixin: true, alipay: true, stripe: false, allinpay: true };
export const overseasChargePaySetting: DemoPaySetting = { cash: false, vip: false, weixin: false, alipay: false, stripe: true, allinpay: false };

export const demoUsers: DemoUser[] = [
  {
    id: DEMO_USER.member.id,
    openid: DEMO_USER.member.openid,
    nickName: DEMO_MEMBER.name,
    avatarUrl: demoImage('avatar-zhang-san.svg', DEMO_MEMBER.name, 'person', '#4f86c6'),
    phone: DEMO_MEMBER.phone,
  },
  {
    id: DEMO_USER.memberEmpty.id,
    openid: DEMO_USER.memberEmpty.openid,
    nickName: DEMO_MEMBER_EMPTY.name,
    avatarUrl: demoImage('avatar-li-si.svg', DEMO_MEMBER_EMPTY.name, 'person', '#7fa65a'),
    phone: DEMO_MEMBER_EMPTY.phone,
  },
  {
    id: DEMO_USER.visitor.id,
    openid: DEMO_USER.visitor.openid,
    nickName: '访客',
    avatarUrl: demoImage('avatar-visitor.svg', '访客', 'person', '#9e9e9e'),
  },
];

export const demoMembers: DemoMember[] = [
  {
    // 张三: gold chain card with balance 500, gift amount 50 and 2000 points.
    id: DEMO_MEMBER.id,
    userId: DEMO_USER.member.id,
    shopId: SHOP.restaurant,
    chainId: CHAIN_ID,
    isChain: true,
    name: DEMO_MEMBER.name,
    phone: DEMO_MEMBER.phone,
    birthday: '1990-05-20',
    level: MEMBER_LEVEL.gold,
    levelName: '金卡',
    cardNo: DEMO_MEMBER.cardNo,
    barcode: DEMO_MEMBER.cardNo,
    amount: 500,
    giftAmount: 50,
    points: 2000,
    discount: 95,
    payPassword: DEMO_MEMBER.payPassword,
    isCharged: true,
    hasPaid: true,
    industry: 2,
    isBindOfficialAccount: false,
  },
  {
    // 李四: silver card with an empty balance and no first charge yet (first-charge prompt, C§4).
    id: DEMO_MEMBER_EMPTY.id,
    userId: DEMO_USER.memberEmpty.id,
    shopId: SHOP.restaurant,
    chainId: CHAIN_ID,
    isChain: true,
    name: DEMO_MEMBER_EMPTY.name,
    phone: DEMO_MEMBER_EMPTY.phone,
    level: MEMBER_LEVEL.silver,
    levelName: '银卡',
    cardNo: '8800600020002',
    barcode: '8800600020002',
    amount: 0,
    giftAmount: 0,
    points: 0,
    discount: 98,
    payPassword: DEMO_MEMBER_EMPTY.payPassword,
    isCharged: false,
    hasPaid: false,
    industry: 2,
    isBindOfficialAccount: false,
  },
  {
    // 张三 also holds a card of the beauty salon (not part of the chain).
    id: DEMO_MEMBER.beautyId,
    userId: DEMO_USER.member.id,
    shopId: SHOP.beauty,
    isChain: false,
    name: DEMO_MEMBER.name,
    phone: DEMO_MEMBER.phone,
    birthday: '1990-05-20',
    level: BEAUTY_MEMBER_LEVEL.vip,
    levelName: '尊享会员',
    cardNo: '6600600030003',
    barcode: '6600600030003',
    amount: 1200,
    giftAmount: 150,
    points: 860,
    discount: 88,
    payPassword: DEMO_MEMBER.payPassword,
    isCharged: true,
    hasPaid: true,
    industry: 4,
    isBindOfficialAccount: false,
  },
];
