import type { FloorMessages } from './zh-CN';

export const fr: FloorMessages = { tables: { title: 'Tables' }, ticket: { print: 'Imprimer' } };
