/** Multi-shop order texts in Spanish (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { multi as source } from './zh-CN';

export const multi: DeepPartial<WidenArea<typeof source>> = {
  confirm: {
    orderType: 'Cómo recibirlo',
    selfPickup: 'Recoger en tienda',
    takeaway: 'A domicilio',
    contact: 'Contacto',
    name: 'Nombre',
    namePlaceholder: 'Tu nombre',
    phone: 'Teléfono',
    phonePlaceholder: 'Tu número de teléfono',
    note: 'Nota',
    notePlaceholder: 'Gustos, preferencias (lo ve cada tienda)',
    deliverTo: 'Entregar en',
    chooseAddress: 'Elige una dirección de entrega',
    pickupAt: 'Recoger en: {{address}}',
    shopTotal: 'Total de la tienda',
    shopsCount: '{{count}} tiendas',
    grandTotal: 'Total',
    payType: 'Pago (un solo pago para todos los pedidos)',
    pay: 'Pagar una vez',
    submitting: 'Enviando…',
    refused: '{{shop}}: {{message}}',
    amountChanged: 'Los precios cambiaron. Revísalos antes de pagar',
    emptyTitle: 'No hay carritos para pagar juntos',
    emptyText: 'Añade productos en dos o más tiendas de la misma cadena para pedirlos aquí juntos',
    emptyAction: 'Ir a pedir',
    onePayment: 'Cada tienda recibe su pedido, con sus propios precios; pagas una vez',
  },
  success: {
    paid: 'Pagado',
    unpaid: 'Pedidos enviados, pendientes de pago',
    cancelled: 'Pedidos cancelados',
    count: '{{count}} pedidos',
    orderNo: 'Pedido n.º {{no}}',
    view: 'Ver',
    checkPaid: 'Comprobar el pago',
    payAgain: 'Pagar de nuevo',
    orderMore: 'Pedir más',
    notFound: 'No se encontraron estos pedidos',
  },
};
