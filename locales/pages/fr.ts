import type { PagesMessages } from './zh-CN';
import type { DeepPartial } from '../deep-partial';

// Shell locale (C§1): what is missing falls back to en.
export const pages: DeepPartial<PagesMessages> = {
  actions: {
    goMenu: 'Voir le menu',
    goHome: 'Retour à l’accueil',
    goOrders: 'Mes commandes',
    login: 'Se connecter',
    back: 'Retour',
  },
  home: {
    welcome: 'Bienvenue',
    chooseShop: 'Choisir une boutique',
    takeaway: 'Livraison',
    selfPickup: 'À emporter',
    dine: 'Sur place',
    balance: 'Solde',
    points: 'Points',
    coupons: 'Coupons',
    memberTitle: 'Carte de membre',
  },
};
