import type { FloorMessages } from './zh-CN';

export const en: FloorMessages = { tables: { title: 'Tables' }, ticket: { print: 'Print' } };
