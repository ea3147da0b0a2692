/**
 * Stripe's v1 API takes application/x-www-form-urlencoded bodies (and GET queries) whose keys use
 * bracket notation: `metadata[order]=42`, `expand[0]=latest_charge`, `expand[]=customer`.
 */
export type FormValue = string | FormFields;
export interface FormFields {
  [key: string]: FormValue;
}

/** A key with brackets that do not pair up, or a name used both as a value and as a hash. */
export class FormBodyError extends Error {}

/** `a[b][0]` → ['a', 'b', '0']; an empty `[]` appends, so it is kept as ''. */
function splitKey(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new FormBodyError(`Invalid parameter name: ${key}`);
  const parts = [match[1]!];
  for (const bracket of match[2]!.matchAll(/\[([^[\]]*)\]/g)) parts.push(bracket[1]!);
  return parts;
}

function nextIndex(fields: FormFields): string {
  return String(Object.keys(fields).length);
}

function assign(root: FormFields, parts: string[], value: string, key: string): void {
  let fields = root;
  for (let i = 0; i < parts.length - 1; i += 1) {
    const name = parts[i] === '' ? nextIndex(fields) : parts[i]!;
    const existing = fields[name];
    if (typeof existing === 'string') throw new FormBodyError(`Invalid hash: ${key}`);
    fields = existing ?? (fields[name] = {});
  }
  const last = parts[parts.length - 1]!;
  const name = last === '' ? nextIndex(fields) : last;
  if (typeof fields[name] === 'object') throw new FormBodyError(`Invalid hash: ${key}`);
  fields[name] = value;
}

/** Parses a form body or a query string into nested fields (lists stay objects keyed '0', '1', …). */
export function parseFormBody(text: string): FormFields {
  const root: FormFields = {};
  for (const [key, value] of new URLSearchParams(text)) assign(root, splitKey(key), value, key);
  return root;
}

function appendPairs(pairs: string[], key: string, value: unknown): void {
  if (value === undefined) return;
  if (value === null || typeof value !== 'object') {
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value === null ? '' : String(value))}`);
    return;
  }
  for (const [name, inner] of Object.entries(value)) appendPairs(pairs, `${key}[${name}]`, inner);
}

/** The inverse, for the payer's requests: nested objects and arrays in bracket notation. */
export function encodeFormBody(fields: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(fields)) appendPairs(pairs, key, value);
  return pairs.join('&');
}
