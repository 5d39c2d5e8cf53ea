// Stands in for jsonp-retry in the H5 build (config/index.ts): Taro.request loads it for its `jsonp`
// option, which the app never uses (every call is a JSON POST, C§7), so asking for it fails loudly.
export default function jsonpRetry() {
  return Promise.reject(new Error('JSONP requests are not supported by this app'));
}
