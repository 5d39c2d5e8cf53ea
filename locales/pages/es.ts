import type { PagesMessages } from './zh-CN';
import type { DeepPartial } from '../deep-partial';

// Shell locale (C§1): what is missing falls back to en.
export const pages: DeepPartial<PagesMessages> = {
  ordering: {
    addToCart: "Añadir al carrito",
    checkout: "Pagar",
    cartEmpty: "Tu carrito está vacío",
    soldOut: "Agotado",
    chooseSpec: "Opciones",
    submit: "Hacer pedido",
    payable: "A pagar",
    gotIt: "Entendido",
    successTitle: "Pedido realizado",
    viewOrder: "Ver pedido",
    loading: "Cargando…",
  },
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
