/** A locale tree where any key may be missing (shell locales fall back to en). */
export type DeepPartial<T> = T extends string ? string : { [K in keyof T]?: DeepPartial<T[K]> };
