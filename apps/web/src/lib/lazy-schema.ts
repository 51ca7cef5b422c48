/**
 * A value that is built the first time it is used: what the browser build puts in place of each of the domain's
 * zod schemas (apps/web/lazy-schemas.ts, docs/adr/0039). Every use goes to the built value: properties, methods
 * (called on the built value itself, so zod's own bookkeeping by instance holds), `in`, `instanceof`, keys.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  // One bound function per method, so that reading a method twice gives the same function.
  const bound = new WeakMap<object, unknown>();
  const value = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get(_target, key) {
      const schema = value();
      const property = Reflect.get(schema, key, schema);
      if (typeof property !== 'function' || key === 'constructor') return property;
      if (!bound.has(property)) bound.set(property, property.bind(schema));
      return bound.get(property);
    },
    has: (_target, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor(_target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      // The stand-in has none of the schema's own properties: each is reported configurable, as a proxy must.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
    set: (_target, key, property) => Reflect.set(value(), key, property),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(value(), key, descriptor),
  });
}
