/** Multi-shop order texts in French (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { multi as source } from './zh-CN';

export const multi: DeepPartial<WidenArea<typeof source>> = {
  confirm: {
    orderType: 'Mode de retrait',
    selfPickup: 'Retrait en boutique',
    takeaway: 'Livraison',
    contact: 'Contact',
    name: 'Nom',
    namePlaceholder: 'Votre nom',
    phone: 'Téléphone',
    phonePlaceholder: 'Votre numéro de téléphone',
    note: 'Remarque',
    notePlaceholder: 'Goûts, préférences (visible par chaque boutique)',
    deliverTo: 'Livrer à',
    chooseAddress: 'Choisissez une adresse de livraison',
    pickupAt: 'Retrait : {{address}}',
    shopTotal: 'Total de la boutique',
    shopsCount: '{{count}} boutiques',
    grandTotal: 'Total',
    payType: 'Paiement (un seul paiement pour toutes les commandes)',
    pay: 'Payer une fois',
    submitting: 'Envoi…',
    refused: '{{shop}} : {{message}}',
    amountChanged: 'Les prix ont changé. Vérifiez-les avant de payer',
    emptyTitle: 'Aucun panier à régler ensemble',
    emptyText: 'Ajoutez des articles dans deux boutiques ou plus de la même chaîne pour les commander ici ensemble',
    emptyAction: 'Commander',
    onePayment: 'Chaque boutique reçoit sa commande, à ses propres prix ; vous payez une fois',
  },
  success: {
    paid: 'Payé',
    unpaid: 'Commandes passées, en attente de paiement',
    cancelled: 'Commandes annulées',
    count: '{{count}} commandes',
    orderNo: 'Commande n° {{no}}',
    view: 'Voir',
    checkPaid: 'Vérifier le paiement',
    payAgain: 'Payer à nouveau',
    orderMore: 'Commander encore',
    notFound: 'Ces commandes sont introuvables',
  },
};
