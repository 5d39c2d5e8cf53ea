/** The database schema, one file per area; later areas add a file and a line here. */
export * from './shops';
export * from './menu';
export * from './users';
export * from './members';
export * from './promotions';
export * from './orders';
export * from './vip';
export * from './payments';
export * from './tables';
export * from './beauty';
export * from './console';
export * from './console-floor';
export * from './notices';
