// Stands in for a polyfill of an API the H5 build's target browsers have natively (config/index.ts).
