import type { PagesMessages } from './zh-CN';
import type { DeepPartial } from '../deep-partial';

// Shell locale (C§1): what is missing falls back to en.
export const pages: DeepPartial<PagesMessages> = {
  actions: {
    goMenu: 'Ver el menú',
    goHome: 'Volver al inicio',
    goOrders: 'Mis pedidos',
    login: 'Iniciar sesión',
    back: 'Volver',
  },
  home: {
    welcome: 'Bienvenido',
    chooseShop: 'Elegir tienda',
    takeaway: 'A domicilio',
    selfPickup: 'Recoger',
    dine: 'Comer aquí',
    balance: 'Saldo',
    points: 'Puntos',
    coupons: 'Cupones',
    memberTitle: 'Tarjeta de socio',
  },
};
