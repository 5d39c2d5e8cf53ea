// Shared test environment: the H5 flavour of platform files and a quiet Taro environment.
process.env.TARO_ENV = process.env.TARO_ENV || 'h5';
process.env.TARO_PLATFORM = process.env.TARO_PLATFORM || 'web';
process.env.TZ = process.env.TZ || 'Asia/Shanghai';
