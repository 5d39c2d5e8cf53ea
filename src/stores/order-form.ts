/** The order form of the cart (C§3 cart orderInfo): what the confirm pages fill. */

/** C§3 cart orderInfo: the order form the confirm page fills. */
export interface OrderInfo {
  /** Dine-in / open table: table number (sName). */
  table: string | null;
  people: number | null;
  /** Takeaway contact when the shop asks for it (nameAndPhoneRequiredByTakeaway). */
  username: string | null;
  userPhone: string | null;
  pickerName: string | null;
  pickerPhone: string | null;
  note: string;
  isPickerPack: boolean;
  /** 'ASAP' or a chosen epoch-ms instant (C§4 "order timing"). */
  deliveryTime: 'ASAP' | number | null;
  pickupTime: 'ASAP' | number | null;
  /** Appointment time, epoch ms. */
  appointment: number | null;
  /** Appointment: the chosen service user (C§3 serviceUser), and who is served (beautyUserName / Phone). */
  serviceUserId: number | null;
  beautyUserName: string | null;
  beautyUserPhone: string | null;
}

export const EMPTY_ORDER_INFO: OrderInfo = {
  table: null,
  people: null,
  username: null,
  userPhone: null,
  pickerName: null,
  pickerPhone: null,
  note: '',
  isPickerPack: false,
  deliveryTime: 'ASAP',
  pickupTime: 'ASAP',
  appointment: null,
  serviceUserId: null,
  beautyUserName: null,
  beautyUserPhone: null,
};
