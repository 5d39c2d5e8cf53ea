/** General and user page texts in French (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { general as source } from './zh-CN';

export const general: DeepPartial<WidenArea<typeof source>> = {
  error: {
    title: "Cette page ne s'est pas ouverte",
    what: 'Page : {{page}}',
    reason: 'Raison : {{reason}}',
    unknown: 'Un problème est survenu au chargement de la page.',
    hint: 'Vérifiez votre connexion et réessayez, ou revenez à la boutique pour continuer votre commande.',
    retry: 'Réessayer',
    home: 'Retour à la boutique',
  },
  webView: {
    refused: "Ce lien ne peut pas s'ouvrir",
    refusedText: 'Seules les adresses web commençant par http:// ou https:// s’ouvrent ici.',
    missing: "Aucune adresse web à ouvrir.",
    address: 'Lien : {{url}}',
    back: 'Retour',
  },
  empty: {
    title: "Il n'y a rien ici",
    text: "Ce que vous cherchiez n'existe pas, n'est plus disponible ou le lien a expiré.",
    home: "Retour à l'accueil",
    menu: 'Commander',
    orders: 'Mes commandes',
  },
  orders: { shop: 'Commandes chez {{shop}}', hint: 'Toutes vos commandes dans cette boutique. Touchez-en une pour la voir, la payer ou l’annuler.' },
  group: {
    title: 'Rejoindre le groupe de la boutique',
    reason: 'Rejoignez le groupe ou suivez le compte officiel pour recevoir aussitôt les avis de vos opérations de membre (recharges, paiements, points).',
    longPress: "Appuyez longuement sur l'image pour scanner le QR code",
    save: 'Enregistrer le QR code',
    saved: 'Enregistré dans vos photos',
    saveFailed: "Échec de l'enregistrement : appuyez longuement sur l'image pour l'enregistrer",
    saveInBrowser: "Appuyez longuement sur l'image puis choisissez « Enregistrer l'image »",
    official: 'Suivez le compte officiel pour les avis',
    none: "Cette boutique n'a pas encore de groupe",
    noneText: 'Quand la boutique ouvrira un groupe, scannez son code ici pour le rejoindre et recevoir les avis de membre.',
  },
  contact: {
    call: 'Appeler',
    copy: "Copier l'adresse",
    copied: 'Adresse copiée',
    map: 'Voir la carte',
    noMap: "La boutique n'a pas encore indiqué sa position",
    phone: 'Téléphone',
    address: 'Adresse',
    hours: "Heures d'ouverture",
    today: "Aujourd'hui {{hours}}",
    open: 'Ouvert',
    closed: 'Fermé',
    nextOpening: 'Ouvre à {{time}}',
  },
  protocol: {
    agreementTitle: "Conditions d'utilisation",
    privacyTitle: 'Politique de confidentialité',
    updated: 'Mise à jour : 1er novembre 2026',
    agreement: {
      scope: '1. Ces conditions couvrent la commande, le paiement, la recharge et les services membres de cette boutique. Se connecter ou commander vaut acceptation.',
      account: '2. Gardez votre compte, vos codes et votre mot de passe de paiement en sécurité : ce qui est fait avec votre compte est réputé fait par vous.',
      orders: "3. Font foi les prix, frais de livraison, d'emballage, de service et taxes affichés à l'envoi ; une commande non payée à temps est annulée.",
      refunds: '4. Vous pouvez annuler une commande non payée ; la boutique examine les remboursements, versés sur le moyen de paiement utilisé.',
      member: "5. Solde, montant offert, points et coupons ne valent que dans la boutique émettrice ou sa chaîne, sans remboursement ni transfert.",
    },
    privacy: {
      collect: '1. Nous conservons le téléphone, le pseudo, la photo et les adresses que vous donnez, ainsi que vos commandes, paiements et données de membre, pour servir vos commandes.',
      location: '2. Avec votre accord, nous lisons votre position pour calculer la distance de livraison et proposer des boutiques proches ; désactivable dans vos réglages.',
      share: '3. Vos données ne sont jamais vendues ; la boutique, le livreur et le prestataire de paiement ne reçoivent que le nécessaire à la commande.',
      rights: '4. Modifiez vos informations dans « Moi », ou demandez à la boutique de les consulter, corriger ou supprimer.',
    },
  },
  download: { title: "Téléchargez l'app pour commander plus vite", text: 'Suivez vos commandes et votre solde à tout moment', action: 'Télécharger', close: 'Fermer' },
};
