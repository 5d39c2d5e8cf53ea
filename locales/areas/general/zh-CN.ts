/**
 * Texts of the general and user pages of the main package (index/error, web-view, empty; user/order/
 * weixin-order-list, wechat-group, protocol, contact-shop) and the download-app prompt, the source tree (zh-CN).
 */
export const general = {
  error: {
    title: '页面没有打开',
    what: '出错的页面：{{page}}',
    reason: '原因：{{reason}}',
    unknown: '页面加载时出了问题。',
    hint: '请检查网络后重试；仍然不行可以回到门店首页继续点单。',
    retry: '重试',
    home: '回到门店',
  },
  webView: {
    refused: '无法打开这个链接',
    refusedText: '这里只能打开以 http:// 或 https:// 开头的网页地址。',
    missing: '没有要打开的网页地址。',
    address: '链接：{{url}}',
    back: '返回',
  },
  empty: {
    title: '这里什么都没有',
    text: '要找的内容不存在、已下架或链接已失效。',
    home: '回到首页',
    menu: '去点单',
    orders: '我的订单',
  },
  orders: {
    shop: '{{shop}} 的订单',
    hint: '在本店下的订单都在这里，点开可查看详情、付款或取消。',
  },
  group: {
    title: '加入门店社群',
    reason: '加入社群或关注公众号后，会员充值、消费、积分变动等交易通知会第一时间发给你。',
    longPress: '长按图片识别二维码加入',
    save: '保存二维码',
    saved: '已保存到相册',
    saveFailed: '保存失败，请长按图片保存',
    saveInBrowser: '请长按图片，选择“保存图片”',
    official: '关注公众号接收通知',
    none: '本店暂未开通社群',
    noneText: '门店开通社群后，可在这里扫码加入，接收会员交易通知。',
  },
  contact: {
    call: '拨打电话',
    copy: '复制地址',
    copied: '地址已复制',
    map: '查看地图',
    noMap: '门店还没有设置地图位置',
    phone: '电话',
    address: '地址',
    hours: '营业时间',
    today: '今日 {{hours}}',
    open: '营业中',
    closed: '休息中',
    nextOpening: '{{time}} 开始营业',
  },
  protocol: {
    agreementTitle: '用户协议',
    privacyTitle: '隐私政策',
    updated: '更新日期：2026 年 11 月 1 日',
    agreement: {
      scope: '一、本协议适用于你在本店点餐、下单、支付、储值和使用会员服务。登录或下单即表示你同意本协议。',
      account: '二、请妥善保管账号、验证码和支付密码，通过你的账号完成的操作视为你本人的行为。',
      orders: '三、价格、配送费、打包费、服务费和税费以提交订单时显示的为准；超时未付款的订单会自动取消。',
      refunds: '四、未支付的订单可以取消；已支付订单的退款由门店审核，原路退回。',
      member: '五、余额、赠送金、积分和优惠券只在发放门店或其连锁门店使用，不可提现或转让。',
    },
    privacy: {
      collect: '一、我们收集你提供的手机号、昵称、头像、地址和订单、支付、会员记录，用于完成订单和会员服务。',
      location: '二、经你授权后读取位置，用于计算配送距离和推荐附近门店，可随时在系统设置中关闭。',
      share: '三、信息不会出售给第三方；只向门店、配送员和支付机构提供完成订单所必需的部分。',
      rights: '四、你可以在“我的”页面修改资料，或联系门店查询、更正、删除你的信息。',
    },
  },
  download: {
    title: '下载 App，点单更方便',
    text: '订单进度、会员余额随时查看',
    action: '下载',
    close: '关闭',
  },
} as const;
