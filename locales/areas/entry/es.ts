/** Shop list texts of a launch without a shop in Spanish (complete: typed against the zh-CN tree). */
import type { WidenArea } from '../index';
import type { entry as source } from './zh-CN';

export const entry: WidenArea<typeof source> = {
  title: 'Elegir tienda',
  locating: 'Buscando tu ubicación para ordenar por distancia…',
  nearest: 'Las más cercanas primero',
  nearestArea: 'Las más cercanas a tu zona ({{city}}), según tu red',
  nearestAreaUnnamed: 'Las más cercanas a tu zona, según tu red',
  byName: 'Ubicación no disponible: ordenadas por nombre',
  lastVisited: 'Última visita',
  emptyBrand: 'Este enlace aún no tiene tiendas',
  allShops: 'Ver todas las tiendas',
};
