import { Limits } from '../domain/enums';

/** C§9: subscribe-message templates are limited to the first 3 (blank ids dropped, order kept). */
export function firstTemplates(templateIds: readonly string[]): string[] {
  return templateIds.filter((id) => typeof id === 'string' && id.trim() !== '').slice(0, Limits.subscribeTemplates);
}
