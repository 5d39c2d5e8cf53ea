import type { AvailabilityMessages } from './zh-CN';

export const zhTW: AvailabilityMessages = { availability: { title: '售賣狀態' } };
