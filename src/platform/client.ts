/** What the client knows about itself. Taro resolves `./client` per build; tsc and jest see the h5 one. */
export { client } from './client.h5';
