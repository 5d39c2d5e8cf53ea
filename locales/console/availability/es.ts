import type { AvailabilityMessages } from './zh-CN';

export const es: AvailabilityMessages = { availability: { title: 'Disponibilidad' } };
