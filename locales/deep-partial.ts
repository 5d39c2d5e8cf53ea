/**
 * A locale tree where any key may be missing: how a fetched or kept copy of messages is typed (every
 * locale file is complete and typed in full; a key a copy lacks falls back to en).
 */
export type DeepPartial<T> = T extends string ? string : { [K in keyof T]?: DeepPartial<T[K]> };
