// Routes of C§2 and P§2, path for path. Tab pages and the general/user pages stay in the main
// package; each area that is not needed for the first screen is a subpackage (APP-4: lazy pages).
// A subpackage root may not contain main-package pages, so `pages/user` itself is not a root.
export default defineAppConfig({
  pages: [
    // entry route `/` (C§2): the login/entry page comes first
    'pages/index/index',
    // bottom tab bar (C§2)
    'pages/user/index-tab',
    'pages/user/index-tab-1',
    'pages/user/order/list',
    'pages/user/center',
    // general
    'pages/index/error',
    'pages/index/web-view',
    'pages/index/empty',
    // user
    'pages/user/login',
    'pages/user/info',
    'pages/user/order/detail',
    'pages/user/order/weixin-order-list',
    'pages/user/wechat-group',
    'pages/user/protocol',
    'pages/user/contact-shop',
  ],
  subPackages: [
    { root: 'pages/store', name: 'store', pages: ['list', 'index'] },
    { root: 'pages/user/coupon', name: 'coupon', pages: ['list', 'detail', 'times-red-bag'] },
    { root: 'pages/user/address', name: 'address', pages: ['list', 'add', 'update', 'poi'] },
    {
      root: 'pages/member',
      name: 'member',
      pages: [
        'index',
        'edit',
        'edit-paypassword',
        'forgot-paypassword',
        'doc',
        'recharge',
        'store-list',
        'register',
        'limit-card',
        'limit-card-history',
        'charge-success',
        'point-store/point-store',
        'point-store/coupon-detail',
        'point-store/exchange-success',
        'point-consume-list',
        'bind-qrcode',
      ],
    },
    {
      root: 'pages/order',
      name: 'order',
      pages: [
        'confirm',
        'success',
        'fail',
        'multi-confirm',
        'multi-success',
        'order',
        'confirmed-order',
        'select-service-user',
        'stripe-pay',
        'allin-pay',
        'allin-pay-callback',
        'search-activity-by-code',
      ],
    },
    { root: 'pages/product', name: 'product', pages: ['index', 'detail', 'search', 'table', 'expand-red-bag'] },
  ],
  // Fetch the packages a tab is most likely to open next while the customer looks at it.
  preloadRule: {
    'pages/index/index': { network: 'all', packages: ['product'] },
    'pages/user/index-tab': { network: 'all', packages: ['product', 'store'] },
    'pages/user/index-tab-1': { network: 'all', packages: ['order'] },
    'pages/user/order/list': { network: 'all', packages: ['order'] },
    'pages/user/center': { network: 'all', packages: ['member', 'coupon', 'address'] },
  },
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: '',
    navigationBarTextStyle: 'black',
    backgroundColor: '#f5f6f7',
  },
  // C§2 tab bar: 4 tabs, orange selected, grey unselected. Labels are Chinese here (the spec's
  // static labels) and replaced with the customer's language at run time (Taro.setTabBarItem).
  tabBar: {
    color: '#999999',
    selectedColor: '#ff8000',
    backgroundColor: '#ffffff',
    borderStyle: 'black',
    list: [
      { pagePath: 'pages/user/index-tab', text: '首页', iconPath: 'assets/tab/home.png', selectedIconPath: 'assets/tab/home-active.png' },
      { pagePath: 'pages/user/index-tab-1', text: '点单', iconPath: 'assets/tab/ordering.png', selectedIconPath: 'assets/tab/ordering-active.png' },
      { pagePath: 'pages/user/order/list', text: '订单', iconPath: 'assets/tab/orders.png', selectedIconPath: 'assets/tab/orders-active.png' },
      { pagePath: 'pages/user/center', text: '我的', iconPath: 'assets/tab/mine.png', selectedIconPath: 'assets/tab/mine-active.png' },
    ],
  },
  // Location is used for delivery distance and the nearest shop (C§4).
  permission: { 'scope.userLocation': { desc: '用于计算配送距离和推荐附近门店' } },
  requiredPrivateInfos: ['getLocation', 'chooseLocation'],
  // WeChat's code quality check: components are injected when a page uses them (no independent
  // subpackage here, so Taro's white screen with lazy loading and an independent package cannot occur)
  lazyCodeLoading: 'requiredComponents',
});
