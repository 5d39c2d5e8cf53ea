import type { PagesMessages } from './zh-CN';
import type { DeepPartial } from '../deep-partial';

// Shell locale (C§1): what is missing falls back to en.
export const pages: DeepPartial<PagesMessages> = {
  ordering: {
    addToCart: "Ajouter au panier",
    checkout: "Commander",
    cartEmpty: "Votre panier est vide",
    soldOut: "Épuisé",
    chooseSpec: "Options",
    submit: "Passer la commande",
    payable: "À payer",
    gotIt: "J'ai compris",
    successTitle: "Commande passée",
    viewOrder: "Voir la commande",
    loading: "Chargement…",
  },
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
