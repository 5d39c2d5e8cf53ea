/**
 * The staff console's texts (console/), Simplified Chinese: the source tree. The other four languages
 * are typed against it (`ConsoleMessages`), so a missing key fails the type-check, and
 * test/console/i18n.test.ts checks that every language has every key and the same `{{params}}`.
 */
import type { OrderStatus, OrderType, PayType } from '../../src/domain/enums';

type Section<K extends string> = Record<K, string>;

export interface ConsoleMessages {
  app: Section<'title' | 'loading' | 'skip' | 'language'>;
  signIn: Section<
    | 'title'
    | 'subtitle'
    | 'username'
    | 'password'
    | 'show'
    | 'hide'
    | 'submit'
    | 'submitting'
    | 'wrong'
    | 'locked'
    | 'lockedSoon'
    | 'expired'
    | 'required'
  >;
  header: Section<
    | 'shop'
    | 'signedInAs'
    | 'until'
    | 'mute'
    | 'unmute'
    | 'board'
    | 'settings'
    | 'staff'
    | 'password'
    | 'signOut'
    | 'owner'
    | 'staffRole'
    | 'nav'
  >;
  banner: Section<'offline' | 'soundBlocked'>;
  filter: Section<'label' | 'all' | 'takeaway' | 'selfPickup' | 'dine' | 'appointment' | 'multi'>;
  column: Section<'new' | 'cooking' | 'ready' | 'done' | 'empty' | 'count'>;
  type: Record<OrderType, string>;
  status: Record<OrderStatus, string>;
  payType: Record<PayType, string>;
  card: Section<
    | 'pickupNo'
    | 'orderNo'
    | 'asap'
    | 'dueAt'
    | 'orderedAt'
    | 'table'
    | 'people'
    | 'note'
    | 'paid'
    | 'unpaid'
    | 'total'
    | 'overdue'
    | 'changed'
    | 'gone'
    | 'multi'
    | 'refundState'
    | 'refused'
    | 'open'
    | 'quantity'
    | 'service'
    | 'busy'
  >;
  refundState: Section<'queued' | 'retrying' | 'failed' | 'done'>;
  action: Section<
    | 'accept'
    | 'refuse'
    | 'cook'
    | 'ready'
    | 'callRider'
    | 'outForDelivery'
    | 'delivered'
    | 'served'
    | 'requestPay'
    | 'cashPaid'
    | 'complete'
    | 'refund'
    | 'group'
  >;
  refuse: Section<'title' | 'reason' | 'reasonHint' | 'submit' | 'required'>;
  refund: Section<'title' | 'body' | 'submit'>;
  detail: Section<
    | 'title'
    | 'close'
    | 'breakdown'
    | 'lines'
    | 'goodsAmount'
    | 'deliveryFee'
    | 'packFee'
    | 'dishwareAmount'
    | 'serviceCharge'
    | 'tableFee'
    | 'taxAmount'
    | 'roundingAmount'
    | 'couponAmount'
    | 'pointsDeduction'
    | 'vipDiscount'
    | 'discountAmount'
    | 'total'
    | 'paidAmount'
    | 'adjustments'
    | 'audit'
    | 'auditEmpty'
    | 'auditWhen'
    | 'auditWho'
    | 'auditWhat'
    | 'system'
    | 'customer'
    | 'merchantNote'
    | 'contact'
    | 'loading'
  >;
  settings: Section<
    | 'title'
    | 'autoAccept'
    | 'autoAcceptHint'
    | 'answerMinutes'
    | 'answerMinutesHint'
    | 'autoRefuse'
    | 'autoRefuseHint'
    | 'autoRefuseNeedsMinutes'
    | 'minutesInvalid'
    | 'save'
    | 'saving'
    | 'saved'
  >;
  staff: Section<
    | 'title'
    | 'username'
    | 'role'
    | 'created'
    | 'locked'
    | 'you'
    | 'add'
    | 'addTitle'
    | 'usernameHint'
    | 'passwordOnce'
    | 'remove'
    | 'removeTitle'
    | 'removeBody'
    | 'empty'
    | 'actions'
  >;
  password: Section<'title' | 'current' | 'next' | 'repeat' | 'hint' | 'mismatch' | 'tooShort' | 'save' | 'saved' | 'wrong'>;
  errors: Section<'network' | 'server' | 'forbidden' | 'notFound' | 'tooMany' | 'generic'>;
  common: Section<'cancel' | 'close' | 'loading' | 'retry' | 'back' | 'copy' | 'copied'>;
}

export const zhCN: ConsoleMessages = {
  app: { title: '店员控制台', loading: '加载中…', skip: '跳到订单看板', language: '语言' },
  signIn: {
    title: '店员登录',
    subtitle: '登录后查看本店的订单看板',
    username: '用户名',
    password: '密码',
    show: '显示',
    hide: '隐藏',
    submit: '登录',
    submitting: '正在登录…',
    wrong: '用户名或密码错误',
    locked: '该账号已锁定，请 {{minutes}} 分钟后再试',
    lockedSoon: '该账号已锁定，请稍后再试',
    expired: '登录已过期，请重新登录',
    required: '请填写用户名和密码',
  },
  header: {
    shop: '门店',
    signedInAs: '当前账号：{{name}}',
    until: '登录有效至 {{time}}',
    mute: '关闭提示音',
    unmute: '打开提示音',
    board: '订单看板',
    settings: '设置',
    staff: '店员',
    password: '修改密码',
    signOut: '退出登录',
    owner: '店主',
    staffRole: '店员',
    nav: '主菜单',
  },
  banner: { offline: '连接已断开，正在重新连接…', soundBlocked: '点此打开提示音' },
  filter: { label: '订单类型', all: '全部', takeaway: '外卖', selfPickup: '自取', dine: '堂食/桌台', appointment: '预约', multi: '多店订单' },
  column: { new: '新订单', cooking: '制作中', ready: '待取/配送中', done: '已完成', empty: '暂无订单', count: '{{count}} 单' },
  type: { takeaway: '外卖', selfPickup: '自取', dine: '堂食', openTable: '开台', appointment: '预约' },
  status: {
    nopay: '待支付',
    nopay_cancel: '超时未付已取消',
    need_pay: '待结账',
    pending: '待接单',
    successed: '已完成',
    refund: '已退款',
    refund_fail: '退款失败',
    refunding: '退款中',
    confirmed_new: '制作中',
    wait_rider_pending: '等待骑手接单',
    rider_confirmed: '骑手已接单',
    rider_picked_up: '配送中',
    rider_delivery_exception: '配送异常',
    confirmed: '已接单',
    delivered: '已出餐/已送达',
    refused: '已拒单',
    closed: '已关闭',
  },
  payType: { cash: '现金', vip: '会员卡', weixin: '微信支付', alipay: '支付宝', stripe: '银行卡', allinpay: '通联支付' },
  card: {
    pickupNo: '取餐号',
    orderNo: '订单号 {{no}}',
    asap: '尽快',
    dueAt: '预计 {{time}}',
    orderedAt: '下单 {{time}}',
    table: '桌号 {{table}}',
    people: '{{count}} 人',
    note: '备注',
    paid: '已支付',
    unpaid: '未支付',
    total: '合计',
    overdue: '已等待 {{minutes}} 分钟',
    changed: '订单已变更：当前为{{status}}',
    gone: '该订单已不在看板上',
    multi: '多店订单 {{no}}',
    refundState: '退款：{{state}}',
    refused: '拒单原因：{{reason}}',
    open: '查看订单 {{no}} 详情',
    quantity: '×{{count}}',
    service: '{{name}}，{{minutes}} 分钟',
    busy: '处理中…',
  },
  refundState: { queued: '排队中', retrying: '重试中', failed: '失败', done: '已完成' },
  action: {
    accept: '接单',
    refuse: '拒单…',
    cook: '开始制作',
    ready: '出餐待取',
    callRider: '呼叫骑手',
    outForDelivery: '已出餐配送',
    delivered: '已送达',
    served: '已上菜',
    requestPay: '请求结账',
    cashPaid: '已收现金',
    complete: '完成',
    refund: '退款',
    group: '订单 {{no}} 的操作',
  },
  refuse: {
    title: '拒绝订单 {{no}}',
    reason: '拒单原因',
    reasonHint: '顾客会看到这段原因',
    submit: '确认拒单',
    required: '请填写拒单原因',
  },
  refund: { title: '退款订单 {{no}}', body: '将向顾客退还 {{amount}}，此操作无法撤销。', submit: '确认退款' },
  detail: {
    title: '订单 {{no}}',
    close: '关闭详情',
    breakdown: '金额明细',
    lines: '商品',
    goodsAmount: '商品金额',
    deliveryFee: '配送费',
    packFee: '打包费',
    dishwareAmount: '餐具费',
    serviceCharge: '服务费',
    tableFee: '桌台计时费',
    taxAmount: '税费',
    roundingAmount: '抹零',
    couponAmount: '优惠券',
    pointsDeduction: '积分抵扣',
    vipDiscount: '会员折扣',
    discountAmount: '优惠合计',
    total: '实付',
    paidAmount: '已付金额',
    adjustments: '优惠明细',
    audit: '操作记录',
    auditEmpty: '暂无操作记录',
    auditWhen: '时间',
    auditWho: '操作人',
    auditWhat: '操作',
    system: '系统',
    customer: '顾客',
    merchantNote: '商家备注',
    contact: '联系人',
    loading: '正在加载订单…',
  },
  settings: {
    title: '看板设置',
    autoAccept: '自动接单',
    autoAcceptHint: '已支付的新订单由系统立即接单',
    answerMinutes: '接单时限（分钟）',
    answerMinutesHint: '超过时限未接单的订单会标红；留空表示不限',
    autoRefuse: '超时自动拒单',
    autoRefuseHint: '超过接单时限仍未接单的订单由系统拒单并退款',
    autoRefuseNeedsMinutes: '自动拒单需要先设置接单时限',
    minutesInvalid: '请输入 1 到 240 之间的整数',
    save: '保存设置',
    saving: '正在保存…',
    saved: '设置已保存',
  },
  staff: {
    title: '店员账号',
    username: '用户名',
    role: '角色',
    created: '创建时间',
    locked: '锁定至 {{time}}',
    you: '（我）',
    add: '添加店员',
    addTitle: '新账号',
    usernameHint: '3–64 位字母、数字或 . _ -',
    passwordOnce: '{{name}} 的初始密码（只显示这一次）：',
    remove: '删除',
    removeTitle: '删除账号 {{name}}',
    removeBody: '该账号将无法再登录，当前登录也会结束。',
    empty: '还没有其他店员',
    actions: '操作',
  },
  password: {
    title: '修改密码',
    current: '当前密码',
    next: '新密码',
    repeat: '再次输入新密码',
    hint: '至少 8 位',
    mismatch: '两次输入的新密码不一致',
    tooShort: '新密码至少 8 位',
    save: '修改密码',
    saved: '密码已修改',
    wrong: '当前密码错误',
  },
  errors: {
    network: '网络连接失败，请检查网络后重试',
    server: '服务器出错了，请稍后再试',
    forbidden: '没有权限进行此操作',
    notFound: '未找到该订单',
    tooMany: '操作太频繁，请稍后再试',
    generic: '操作失败：{{message}}',
  },
  common: { cancel: '取消', close: '关闭', loading: '加载中…', retry: '重试', back: '返回看板', copy: '复制', copied: '已复制' },
};
