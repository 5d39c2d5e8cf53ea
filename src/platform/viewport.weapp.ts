export { windowHeight } from './viewport-mini';
