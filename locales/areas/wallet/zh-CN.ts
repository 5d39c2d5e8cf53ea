/** Wallet texts, the source tree (zh-CN): 充值、余额与积分明细、次卡、连锁门店. */
export const wallet = {
  title: '充值',
} as const;
