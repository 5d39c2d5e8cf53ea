import QRCode from 'qrcode';

/**
 * The scan-order link of a table (C§2 start-up parameters): the H5 app opens the shop's table in the
 * open-table flow (`source_type=6`, the table found by the number printed on its code), admitted by
 * the table's code (`tableCode`, TABLE-7). The start-up banner prints it, the console shows it and
 * `npm run merchant -- table-codes` encodes it in the table QR codes.
 */
export function scanOrderLink(publicUrl: string, shopId: number, tableNo: string, tableCode: string): string {
  const base = publicUrl.replace(/\/$/, '');
  return `${base}/#/pages/index/index?source_type=6&shop_id=${shopId}&table_no=${encodeURIComponent(tableNo)}&tableCode=${encodeURIComponent(tableCode)}`;
}

/** A link as a QR code drawn in a terminal (half blocks: two modules a character). */
export function terminalQr(link: string): Promise<string> {
  return QRCode.toString(link, { type: 'terminal', small: true });
}
