/** Member account texts, the source tree (zh-CN): 会员中心 (member/index)、资料、支付密码、注册与绑定、绑定二维码. */
export const member = {
  title: '会员中心',
} as const;
