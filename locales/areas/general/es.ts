/** General and user page texts in Spanish (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { general as source } from './zh-CN';

export const general: DeepPartial<WidenArea<typeof source>> = {
  error: {
    title: 'Esta página no se abrió',
    what: 'Página: {{page}}',
    reason: 'Motivo: {{reason}}',
    unknown: 'Algo falló al cargar la página.',
    hint: 'Revisa tu conexión y vuelve a intentarlo, o vuelve a la tienda y sigue pidiendo.',
    retry: 'Reintentar',
    home: 'Volver a la tienda',
  },
  webView: {
    refused: 'Este enlace no se puede abrir',
    refusedText: 'Aquí solo se abren direcciones web que empiezan por http:// o https://.',
    missing: 'No hay ninguna dirección web que abrir.',
    address: 'Enlace: {{url}}',
    back: 'Volver',
  },
  empty: {
    title: 'Aquí no hay nada',
    text: 'Lo que buscabas no existe, ya no está disponible o el enlace ha caducado.',
    home: 'Ir al inicio',
    menu: 'Pedir ahora',
    orders: 'Mis pedidos',
  },
  orders: { shop: 'Pedidos en {{shop}}', hint: 'Todos tus pedidos en esta tienda. Toca uno para ver el detalle, pagarlo o cancelarlo.' },
  group: {
    title: 'Únete al grupo de la tienda',
    reason: 'Únete al grupo o sigue la cuenta oficial para recibir al momento los avisos de tus movimientos de socio (recargas, pagos, puntos).',
    longPress: 'Mantén pulsada la imagen para escanear el código QR',
    save: 'Guardar código QR',
    saved: 'Guardado en tus fotos',
    saveFailed: 'No se pudo guardar: mantén pulsada la imagen para guardarla',
    saveInBrowser: 'Mantén pulsada la imagen y elige "Guardar imagen"',
    official: 'Sigue la cuenta oficial para recibir avisos',
    none: 'Esta tienda aún no tiene grupo',
    noneText: 'Cuando la tienda abra un grupo, escanea aquí su código para unirte y recibir los avisos de socio.',
  },
  contact: {
    call: 'Llamar',
    copy: 'Copiar dirección',
    copied: 'Dirección copiada',
    map: 'Ver mapa',
    noMap: 'La tienda aún no ha fijado su posición en el mapa',
    phone: 'Teléfono',
    address: 'Dirección',
    hours: 'Horario',
    today: 'Hoy {{hours}}',
    open: 'Abierto',
    closed: 'Cerrado',
    nextOpening: 'Abre a las {{time}}',
  },
  protocol: {
    agreementTitle: 'Condiciones de uso',
    privacyTitle: 'Política de privacidad',
    updated: 'Última actualización: 1 de noviembre de 2026',
    agreement: {
      scope: '1. Estas condiciones cubren pedir, pagar, recargar y usar los servicios de socio en esta tienda. Al iniciar sesión o pedir las aceptas.',
      account: '2. Guarda bien tu cuenta, tus códigos y tu contraseña de pago: lo que se haga con tu cuenta se considera hecho por ti.',
      orders: '3. Valen los precios, gastos de envío, embalaje, servicio e impuestos mostrados al enviar el pedido; un pedido no pagado a tiempo se cancela.',
      refunds: '4. Puedes cancelar un pedido sin pagar; la tienda revisa los reembolsos de pedidos pagados, que vuelven al medio de pago.',
      member: '5. Saldo, regalo, puntos y cupones solo valen en la tienda emisora o su cadena, y no se pueden canjear por dinero ni transferir.',
    },
    privacy: {
      collect: '1. Guardamos el teléfono, apodo, imagen y direcciones que nos das, y tus pedidos, pagos y datos de socio, para servir pedidos y ventajas de socio.',
      location: '2. Con tu permiso leemos tu ubicación para calcular la distancia de entrega y sugerir tiendas cercanas; puedes desactivarlo en los ajustes.',
      share: '3. Nunca vendemos tus datos; la tienda, el repartidor y el proveedor de pago solo reciben lo necesario para tu pedido.',
      rights: '4. Puedes editar tus datos en "Mi cuenta" o pedir a la tienda que los muestre, corrija o borre.',
    },
  },
  download: { title: 'Descarga la app y pide más rápido', text: 'Sigue tus pedidos y tu saldo cuando quieras', action: 'Descargar', close: 'Cerrar' },
};
