/** The console's floor (tables, kitchen tickets) texts, Simplified Chinese: the source tree of this part (locales/console/index.ts joins the parts). */
export const zhCN = { tables: { title: '桌台' }, ticket: { print: '打印' } };

export type FloorMessages = typeof zhCN;
