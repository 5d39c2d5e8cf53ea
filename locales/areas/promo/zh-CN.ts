/** Promotions texts, the source tree (zh-CN): 优惠券、红包、积分商城、优惠码、进店提示. */
export const promo = {
  title: '优惠券',
} as const;
