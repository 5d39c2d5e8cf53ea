/** Appointment texts in Spanish (complete: typed against the zh-CN tree). */
import type { WidenArea } from '../index';
import type { beauty as source } from './zh-CN';

export const beauty: WidenArea<typeof source> = {
  card: {
    title: 'Cita',
    time: 'Hora',
    chooseTime: 'Elige una hora',
    serviceUser: 'Profesional',
    chooseServiceUser: 'Elige un profesional',
    optionalServiceUser: 'Sin preferencia (asignado en la tienda)',
    name: 'Nombre',
    namePlaceholder: 'Quién viene',
    phone: 'Teléfono',
    phonePlaceholder: 'Para los recordatorios',
    duration: 'Duración',
    minutes: '{{minutes}} min',
    deposit: 'Depósito',
    depositNote: 'Paga {{deposit}} ahora y {{rest}} en la tienda',
  },
  picker: { title: 'Elige una hora', today: 'Hoy', tomorrow: 'Mañana', booked: 'Reservado', noTimes: 'No quedan horas este día', confirm: 'Aceptar' },
  paid: { deposit: 'Depósito de {{deposit}} pagado, {{rest}} a pagar en la tienda', at: 'Cita: {{time}}', with: '{{time}} · {{user}}' },
  users: {
    title: 'Elige profesional',
    all: 'Todos',
    lastTime: 'Última vez',
    jobNo: 'N.º {{no}}',
    busy: 'Reservado a esta hora',
    unavailable: 'No acepta citas',
    none: 'Sin preferencia',
    empty: 'No hay profesionales disponibles',
    emptyText: 'Prueba otra hora o contacta con la tienda',
    required: 'La tienda pide elegir un profesional',
    at: 'Cita: {{time}}',
  },
};
