/** Member account texts in French (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { member as source } from './zh-CN';

export const member: DeepPartial<WidenArea<typeof source>> = {
  title: 'Espace membre',
  card: { defaultName: 'Carte membre', balance: 'Solde', giftAmount: 'Cadeau', points: 'Points', coupons: 'Coupons', payCode: 'Code membre' },
  entries: {
    recharge: 'Recharger',
    transactions: 'Opérations',
    pointsMall: 'Boutique de points',
    pointsHistory: 'Historique des points',
    limitCards: 'Cartes à séances',
    chainShops: 'Boutiques',
    editInfo: 'Modifier mes infos',
    payPassword: 'Code de paiement',
    bindQrcode: 'Code de liaison',
  },
  visitor: { title: 'Pas encore membre', action: 'Adhérer / lier une carte' },
  notice: { bind: 'Lier maintenant' },
  edit: { name: 'Nom', birthday: 'Anniversaire', phone: 'Téléphone', save: 'Enregistrer', saved: 'Enregistré' },
  payPassword: {
    setTitle: 'Créer le code de paiement',
    changeTitle: 'Changer le code de paiement',
    resetTitle: 'Réinitialiser le code de paiement',
    new: 'Choisissez un code à 6 chiffres',
    repeat: 'Saisissez le code à nouveau',
    saved: 'Code de paiement enregistré',
    forgot: 'Code de paiement oublié ?',
  },
  forgot: { send: 'Envoyer le code', next: 'Suivant' },
  register: {
    fastRegister: 'Adhérer avec mon téléphone',
    fastBind: 'Lier avec mon téléphone',
    send: 'Envoyer le code',
    submitRegister: 'Adhérer',
    submitBind: 'Lier la carte',
    registerSuccess: 'Vous êtes membre',
    bindSuccess: 'Carte liée',
  },
  bindQr: { title: 'Code de liaison', refresh: 'Actualiser' },
};
