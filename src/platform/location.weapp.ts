export { taroLocation as location } from './location-taro';
