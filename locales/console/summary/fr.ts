import type { SummaryMessages } from './zh-CN';

export const fr: SummaryMessages = { summary: { title: 'Bilan du jour' } };
