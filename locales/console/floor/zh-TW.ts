import type { FloorMessages } from './zh-CN';

export const zhTW: FloorMessages = { tables: { title: '桌台' }, ticket: { print: '列印' } };
