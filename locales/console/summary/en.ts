import type { SummaryMessages } from './zh-CN';

export const en: SummaryMessages = { summary: { title: 'Day summary' } };
