import { invalidParam, missingParam, unknownParam } from './api-error.ts';
import type { FormFields, FormValue } from './form-body.ts';

/**
 * Readers for request parameters, refusing what Stripe refuses: a parameter the endpoint does not
 * know (so a test never passes because the stand-in ignored something), a malformed integer or boolean.
 */

export function assertKnownParams(params: FormFields, known: readonly string[]): void {
  for (const name of Object.keys(params)) {
    if (!known.includes(name)) throw unknownParam(name);
  }
}

export function readString(params: FormFields, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(name, `Invalid string: ${name}`);
  return value;
}

export function requireString(params: FormFields, name: string): string {
  const value = readString(params, name);
  if (value === undefined || value === '') throw missingParam(name);
  return value;
}

/** An empty string unsets a field, as Stripe's `Emptyable` parameters do. */
export function readNullableString(params: FormFields, name: string): string | null | undefined {
  const value = readString(params, name);
  return value === '' ? null : value;
}

export function readInteger(params: FormFields, name: string): number | undefined {
  const value = readString(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw invalidParam(name, `Invalid integer: ${value}`, 'parameter_invalid_integer');
  }
  return Number(value);
}

export function readBoolean(params: FormFields, name: string): boolean | undefined {
  const value = readString(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidParam(name, `Invalid boolean: ${value}`);
  return value === 'true';
}

export function readEnum<const T extends string>(
  params: FormFields,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = readString(params, name);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalidParam(name, `Invalid ${name}: must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

export function readHash(params: FormFields, name: string): FormFields | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value === 'string') throw invalidParam(name, `Invalid object`);
  return value;
}

/** A list sent as `name[0]=…&name[1]=…` (or `name[]=…`). */
export function readStringList(params: FormFields, name: string): string[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value === 'string') throw invalidParam(name, `Invalid array`);
  return Object.entries(value)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([index, item]) => {
      if (typeof item !== 'string' || !/^\d+$/.test(index)) throw invalidParam(name, `Invalid array`);
      return item;
    });
}

export function readExpand(params: FormFields): string[] {
  return readStringList(params, 'expand') ?? [];
}

const METADATA_KEY_LIMIT = 40;
const METADATA_VALUE_LIMIT = 500;
const METADATA_KEYS_LIMIT = 50;

function checkMetadataEntry(key: string, value: FormValue): string {
  if (typeof value !== 'string') throw invalidParam(`metadata[${key}]`, 'Invalid string');
  if (key.length > METADATA_KEY_LIMIT) {
    throw invalidParam(`metadata[${key}]`, `Metadata keys can have up to ${METADATA_KEY_LIMIT} characters.`);
  }
  if (value.length > METADATA_VALUE_LIMIT) {
    throw invalidParam(
      `metadata[${key}]`,
      `Metadata values can have up to ${METADATA_VALUE_LIMIT} characters, but you passed in a value that is ${value.length} characters.`,
    );
  }
  return value;
}

/**
 * Applies `metadata` as Stripe does on create and update: keys are merged in, a key sent empty is
 * removed, and `metadata=` (empty) removes them all.
 */
export function applyMetadata(current: Record<string, string>, params: FormFields): Record<string, string> {
  const sent = params.metadata;
  if (sent === undefined) return current;
  if (sent === '') return {};
  if (typeof sent === 'string') throw invalidParam('metadata', 'Invalid object');
  const merged = { ...current };
  for (const [key, value] of Object.entries(sent)) {
    const checked = checkMetadataEntry(key, value);
    if (checked === '') delete merged[key];
    else merged[key] = checked;
  }
  if (Object.keys(merged).length > METADATA_KEYS_LIMIT) {
    throw invalidParam('metadata', `You can have up to ${METADATA_KEYS_LIMIT} metadata keys.`);
  }
  return merged;
}
