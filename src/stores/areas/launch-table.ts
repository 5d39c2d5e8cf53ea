/**
 * The table a table link names, checked at the entry (C§8 "table number not found", "Invalid QR"):
 * user/getCodeInfo answers whether the shop has it. Other failures (network) are left to the table
 * and menu pages, which ask again.
 */
import type { Api } from '../../api';
import { isApiError } from '../../api/request';
import { tableCode } from '../../domain/entry-launch';
import { ErrorCode } from '../../domain/errors';

/** Why the link's table cannot be ordered at, or null when it can (or the check could not tell). */
export async function launchTableRefusal(api: Pick<Api, 'user'>, shopId: number, tableNo: string): Promise<ErrorCode | null> {
  try {
    await api.user.getCodeInfo({ code: tableCode(shopId, tableNo) }, { silent: true });
    return null;
  } catch (e) {
    if (isApiError(e) && (e.code === ErrorCode.tableNotFound || e.code === ErrorCode.invalidQr)) return e.code;
    return null;
  }
}
