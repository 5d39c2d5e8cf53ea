/** Member account texts in Spanish (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { member as source } from './zh-CN';

export const member: DeepPartial<WidenArea<typeof source>> = {
  title: 'Centro de socios',
  card: { defaultName: 'Tarjeta de socio', balance: 'Saldo', giftAmount: 'Regalo', points: 'Puntos', coupons: 'Cupones', payCode: 'Código de socio' },
  entries: {
    recharge: 'Recargar',
    transactions: 'Movimientos',
    pointsMall: 'Tienda de puntos',
    pointsHistory: 'Historial de puntos',
    limitCards: 'Bonos',
    chainShops: 'Tiendas',
    editInfo: 'Editar datos',
    payPassword: 'Clave de pago',
    bindQrcode: 'Código de vinculación',
  },
  visitor: { title: 'Aún no eres socio', action: 'Unirse / vincular tarjeta' },
  notice: { bind: 'Vincular ahora' },
  edit: { name: 'Nombre', birthday: 'Cumpleaños', phone: 'Teléfono', save: 'Guardar', saved: 'Guardado' },
  payPassword: {
    setTitle: 'Crear clave de pago',
    changeTitle: 'Cambiar clave de pago',
    resetTitle: 'Restablecer clave de pago',
    new: 'Elige una clave de 6 dígitos',
    repeat: 'Repite la clave de pago',
    saved: 'Clave de pago guardada',
    forgot: '¿Olvidaste la clave de pago?',
  },
  forgot: { send: 'Enviar código', next: 'Siguiente' },
  register: {
    fastRegister: 'Unirme con mi teléfono',
    fastBind: 'Vincular con mi teléfono',
    send: 'Enviar código',
    submitRegister: 'Unirme',
    submitBind: 'Vincular tarjeta',
    registerSuccess: 'Ya eres socio',
    bindSuccess: 'Tarjeta vinculada',
  },
  bindQr: { title: 'Código de vinculación', refresh: 'Actualizar' },
};
