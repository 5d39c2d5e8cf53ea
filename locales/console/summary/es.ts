import type { SummaryMessages } from './zh-CN';

export const es: SummaryMessages = { summary: { title: 'Resumen del día' } };
