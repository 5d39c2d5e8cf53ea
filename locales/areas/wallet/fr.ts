/** Wallet texts in French (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { wallet as source } from './zh-CN';

export const wallet: DeepPartial<WidenArea<typeof source>> = {
  title: 'Recharger',
  balance: 'Solde',
  giftAmount: 'Montant offert',
  points: 'Points',
  retry: 'Recharger la page',
  loadFailed: 'Chargement impossible',
  loadingMore: 'Chargement…',
  noMore: 'Rien de plus',
  register: 'Devenir membre',
  recharge: {
    chooseAmount: 'Choisissez un montant',
    chargeGift: 'Rechargez {{charge}}, recevez {{gift}}',
    gift: '+{{amount}} offerts',
    firstCharge: 'Première recharge',
    custom: 'Autre montant',
    customInvalid: 'Saisissez au moins {{amount}}, avec {{places}} décimales au plus',
    customPlaceholder: 'Saisissez un montant',
    payType: 'Payer avec',
    pay: 'Recharger',
    payAmount: 'Payer {{amount}}',
    closedTitle: 'Recharge indisponible',
    goMember: "Retour à l'espace membre",
  },
  success: {
    paidTitle: 'Recharge réussie',
    paid: 'Payé',
    gift: 'Offert',
    newBalance: 'Solde actuel',
    refresh: 'Actualiser',
    again: 'Recharger à nouveau',
    backToMember: "Retour à l'espace membre",
    viewDoc: 'Voir les opérations',
  },
  doc: { emptyTitle: 'Aucune opération', goRecharge: 'Recharger' },
  pointDoc: { emptyTitle: 'Aucun historique de points', current: 'Points' },
  limitCard: { emptyTitle: 'Aucune carte', history: 'Historique', expired: 'Expirée', goMenu: 'Commander' },
  cardHistory: { emptyTitle: 'Pas encore utilisée', back: 'Retour aux cartes' },
  shops: { emptyTitle: 'Aucune boutique', current: 'Cette boutique', go: 'Y aller' },
  types: { charge: 'Recharge', consume: 'Paiement', add: 'Ajout', reduce: 'Retrait', exchange: 'Échange' },
};
