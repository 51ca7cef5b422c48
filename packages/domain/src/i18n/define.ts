/** A message tree: nested objects whose leaves are strings. */
export type MessageTree = { readonly [key: string]: string | MessageTree };

/** The same shape as T with every leaf a string: en and fr must have every key of pt, no more. */
export type SameKeys<T> = { readonly [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

export type Namespace<T extends MessageTree> = { pt: T; en: SameKeys<T>; fr: SameKeys<T> };

/** Declares one namespace of the catalogs; the compiler rejects a key missing in en or fr. */
export function defineMessages<const T extends MessageTree>(messages: {
  pt: T;
  en: SameKeys<T>;
  fr: SameKeys<T>;
}): Namespace<T> {
  return messages;
}
