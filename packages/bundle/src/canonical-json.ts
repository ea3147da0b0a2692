/**
 * Canonical JSON: object keys sorted by UTF-16 code units, no whitespace, strings and numbers as
 * `JSON.stringify` writes them. For the values a manifest holds (strings, safe integers,
 * booleans, null, arrays, plain objects) this is exactly RFC 8785 (JCS), so another language can
 * reproduce the signed bytes with any JCS library.
 *
 * Browser-safe.
 */
/** Writes `value` canonically; throws a TypeError for anything JSON cannot carry exactly. */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      // Only integers: other numbers have several spellings across languages.
      if (!Number.isSafeInteger(value))
        throw new TypeError(`Canonical JSON carries safe integers only, not ${value}`);
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        return `[${value.map((item) => (item === undefined ? fail('undefined in an array') : canonicalJson(item))).join(',')}]`;
      }
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) fail('a non-plain object');
      const record = value as Record<string, unknown>;
      const members = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort(compareCodeUnits)
        .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
      return `{${members.join(',')}}`;
    }
    default:
      return fail(typeof value);
  }
}

/** Orders strings by UTF-16 code units (what `<` does), independent of locale. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function fail(what: string): never {
  throw new TypeError(`Canonical JSON cannot carry ${what}`);
}
