// How a table's records are journaled lean and read back. A shape lists every field of a record
// type with the value a journaled line may leave out (undefined: always written). Reading a line
// back builds the record with one object literal holding every field in the shape's order, so all
// records of a table share one hidden class in V8: spreading the defaults into each record
// instead is about fifty times slower and makes replay of 100,000 records take seconds.

/** Every field of T (optional ones too, so none can be forgotten), with its default or undefined. */
export type Shape<T> = { readonly [K in keyof Required<T>]: T[K] | undefined };

export interface Codec<T> {
  /** The record without its default-valued fields (what the journal keeps). */
  lean(record: T): Partial<T>;
  /** A record read back: every field, a missing one at its default. */
  full(lean: Partial<T>): T;
  /** A fresh copy of a stored record (to patch it without touching the stored one). */
  copy(record: T): T;
}

/** Records journaled as they are (small tables). */
export const plainCodec = <T>(): Codec<T> => ({
  lean: (record) => record,
  full: (lean) => lean as T,
  copy: (record) => ({ ...record }),
});

const isDefault = (value: unknown, fallback: unknown) =>
  value === fallback || (Array.isArray(value) && value.length === 0 && Array.isArray(fallback));

export function shapeCodec<T>(shape: Shape<T>): Codec<T> {
  const defaults = shape as Record<string, unknown>;
  // Shared default lists must never be changed through a record.
  for (const value of Object.values(defaults)) if (Array.isArray(value)) Object.freeze(value);
  const names = Object.keys(shape).map((name) => JSON.stringify(name));
  // The field names are the shape's own (code, never input): the literal is built once per table.
  const literal = names.map((name) => `${name}: p[${name}] === undefined ? d[${name}] : p[${name}]`).join(',\n');
  const build = new Function('p', 'd', `return {\n${literal}\n};`) as (p: unknown, d: unknown) => T;
  return {
    lean(record) {
      const out: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(record as Record<string, unknown>)) {
        const fallback = defaults[field];
        if (value !== undefined && (fallback === undefined || !isDefault(value, fallback))) out[field] = value;
      }
      return out as Partial<T>;
    },
    full: (lean) => build(lean, defaults),
    copy: (record) => build(record, defaults),
  };
}
