/** Shop list texts of a launch without a shop in French (complete: typed against the zh-CN tree). */
import type { WidenArea } from '../index';
import type { entry as source } from './zh-CN';

export const entry: WidenArea<typeof source> = {
  title: 'Choisir une boutique',
  locating: 'Recherche de votre position pour trier par distance…',
  nearest: "Les plus proches d'abord",
  nearestArea: "Les plus proches de votre secteur ({{city}}), d'après votre réseau",
  nearestAreaUnnamed: "Les plus proches de votre secteur, d'après votre réseau",
  byName: 'Position indisponible : triées par nom',
  lastVisited: 'Dernière visite',
  emptyBrand: "Ce lien n'a encore aucune boutique",
  allShops: 'Voir toutes les boutiques',
};
