/** Appointment texts in French (complete: typed against the zh-CN tree). */
import type { WidenArea } from '../index';
import type { beauty as source } from './zh-CN';

export const beauty: WidenArea<typeof source> = {
  card: {
    title: 'Rendez-vous',
    time: 'Heure',
    chooseTime: 'Choisissez une heure',
    serviceUser: 'Intervenant',
    chooseServiceUser: 'Choisissez un intervenant',
    optionalServiceUser: 'Indifférent (attribué sur place)',
    name: 'Nom',
    namePlaceholder: 'Qui vient',
    phone: 'Téléphone',
    phonePlaceholder: 'Pour les rappels',
    duration: 'Durée',
    minutes: '{{minutes}} min',
    deposit: 'Acompte',
    depositNote: 'Payez {{deposit}} maintenant, {{rest}} sur place',
  },
  picker: { title: 'Choisissez une heure', today: "Aujourd'hui", tomorrow: 'Demain', booked: 'Complet', noTimes: 'Plus de créneaux ce jour-là', confirm: 'OK' },
  paid: { deposit: 'Acompte de {{deposit}} payé, {{rest}} à régler sur place', at: 'Rendez-vous le {{time}}', with: '{{time}} · {{user}}' },
  users: {
    title: 'Choisir un intervenant',
    all: 'Tous',
    lastTime: 'La dernière fois',
    jobNo: 'N° {{no}}',
    busy: 'Réservé à cette heure',
    unavailable: "N'accepte pas de rendez-vous",
    none: 'Indifférent',
    empty: 'Aucun intervenant disponible',
    emptyText: 'Essayez une autre heure ou contactez la boutique',
    required: 'La boutique demande de choisir un intervenant',
    at: 'Rendez-vous le {{time}}',
  },
};
