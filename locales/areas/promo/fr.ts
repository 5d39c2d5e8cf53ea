/** Promotions texts in French (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { promo as source } from './zh-CN';

export const promo: DeepPartial<WidenArea<typeof source>> = {
  title: 'Coupons',
  actions: {
    use: 'Utiliser',
    receive: 'Récupérer',
    detail: 'Détails',
    search: 'Rechercher',
    apply: 'Utiliser pour cette commande',
    remove: 'Retirer',
    register: 'Devenir membre',
    share: 'Partager avec des amis',
    check: 'Récupérer la récompense',
    myCoupons: 'Mes coupons',
    goMenu: 'Commander',
    retry: 'Réessayer',
  },
  list: {
    tabs: { now: 'Utilisables', all: 'Tous', chainShops: 'Autres magasins' },
    empty: 'Aucun coupon pour l’instant',
    memberOnly: 'Devenez membre pour récupérer et utiliser des coupons',
    received: 'Récupéré : {{name}}',
  },
  face: { rate: '-{{off}} %', product: 'Bon', threshold: 'Dès {{amount}}', noThreshold: 'Sans minimum' },
  state: { usable: 'Utilisable', notStarted: 'Pas encore valable', expired: 'Expiré', closed: 'Fermé' },
  conditions: { title: 'Conditions', chain: 'Tous les magasins de la chaîne', cardPayOnly: 'Uniquement par carte de membre', userTypeMember: 'Réservé aux membres' },
  orderTypes: { takeaway: 'livraison', selfPickup: 'à emporter', dine: 'sur place', appointment: 'rendez-vous' },
  expand: { title: 'Partager une enveloppe rouge', openBag: 'Ouvrir l’enveloppe', empty: 'Plus d’enveloppes', expired: 'L’offre est terminée' },
  code: { placeholder: 'Saisir un code promo', found: 'Code accepté', rowLabel: 'Code promo', rowAdd: 'Saisir un code' },
};
