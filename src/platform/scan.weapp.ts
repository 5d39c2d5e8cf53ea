export { taroScan as scan } from './scan-taro';
