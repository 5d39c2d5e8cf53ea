/** Shop list texts of a launch without a shop in French (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { entry as source } from './zh-CN';

export const entry: DeepPartial<WidenArea<typeof source>> = {
  title: 'Choisir une boutique',
  locating: 'Recherche de votre position pour trier par distance…',
  nearest: 'Les plus proches d’abord',
  byName: 'Position indisponible : triées par nom',
  lastVisited: 'Dernière visite',
  emptyBrand: 'Ce lien n’a encore aucune boutique',
  allShops: 'Voir toutes les boutiques',
};
