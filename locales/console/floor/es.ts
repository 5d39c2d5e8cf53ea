import type { FloorMessages } from './zh-CN';

export const es: FloorMessages = { tables: { title: 'Mesas' }, ticket: { print: 'Imprimir' } };
