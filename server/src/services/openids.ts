/** How open ids are stored: browser device visitors apart from every other user. */

/** Stored open ids of browser device visitors start with this (services/device-users.ts). */
export const DEVICE_OPENID_PREFIX = 'h5:';

/** True for the stored open id of a device visitor. */
export const isDeviceOpenid = (openid: string): boolean => openid.startsWith(DEVICE_OPENID_PREFIX);

/** The open id the client knows (a device visitor's is the device id itself). */
export const clientOpenid = (openid: string): string =>
  isDeviceOpenid(openid) ? openid.slice(DEVICE_OPENID_PREFIX.length) : openid;
