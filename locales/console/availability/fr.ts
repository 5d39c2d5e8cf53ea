import type { AvailabilityMessages } from './zh-CN';

export const fr: AvailabilityMessages = { availability: { title: 'Disponibilité' } };
