import type { AvailabilityMessages } from './zh-CN';

export const en: AvailabilityMessages = { availability: { title: 'Availability' } };
