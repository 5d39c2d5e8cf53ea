/** The console's day summary texts, Simplified Chinese: the source tree of this part (locales/console/index.ts joins the parts). */
export const zhCN = { summary: { title: '今日汇总' } };

export type SummaryMessages = typeof zhCN;
