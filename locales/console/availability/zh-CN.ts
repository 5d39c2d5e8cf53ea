/** The console's availability (sold out, stock, paused order types) texts, Simplified Chinese: the source tree of this part (locales/console/index.ts joins the parts). */
export const zhCN = { availability: { title: '售卖状态' } };

export type AvailabilityMessages = typeof zhCN;
