/** Host login (USER-1). Taro resolves `./login` to login.weapp.ts / login.alipay.ts / login.h5.ts per build. */
export { login } from './login.h5';
