import type { SummaryMessages } from './zh-CN';

export const zhTW: SummaryMessages = { summary: { title: '今日匯總' } };
