/** Points mall texts in French (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { mall as source } from './zh-CN';

export const mall: DeepPartial<WidenArea<typeof source>> = {
  title: 'Boutique de points',
  myPoints: 'Mes points',
  pointsUnit: 'points',
  pointsPrice: '{{count}} points',
  register: 'Devenir membre',
  exchange: 'Échanger',
  exchangeNow: 'Échanger maintenant',
  exchanging: 'Échange en cours…',
  details: 'Détails',
  short: 'Il manque {{count}} points',
  shortLong: 'Points insuffisants : il en manque {{count}}',
  soldOut: 'Épuisé',
  registerFirst: 'Réservé aux membres : inscrivez-vous pour échanger',
  confirmExchange: 'Échanger {{count}} points contre « {{name}} » ?',
  emptyTitle: 'Rien à échanger pour le moment',
  retry: 'Réessayer',
  kind: { coupon: 'Coupon', product: 'Cadeau' },
  detail: { conditions: 'Conditions', needPoints: 'Points nécessaires', yourPoints: 'Vos points' },
  success: { received: 'Vous avez reçu', spent: 'Points utilisés', remaining: 'Points restants', useNow: 'Utiliser', backToMall: 'Retour à la boutique de points' },
};
