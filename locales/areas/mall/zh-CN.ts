/** Points mall texts, the source tree (zh-CN): products and coupons for points, coupon detail, exchange. */
export const mall = {
  title: '积分商城',
} as const;
