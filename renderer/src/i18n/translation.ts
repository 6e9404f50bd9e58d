/**
 * A language's strings for one catalog: the English catalog's shape, any text. Every catalog but
 * the English one is typed with it, so a key missing or added in a translation fails the
 * typecheck (docs/architecture.md, "Strings").
 */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
