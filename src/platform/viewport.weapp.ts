export { scrollElementTo, windowHeight } from './viewport-mini';
