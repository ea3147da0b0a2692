import type { z } from 'zod';

/** Reads a JSON text column through its schema, so a malformed row fails loudly, not later. */
export function readJson<T extends z.ZodType>(schema: T, text: string): z.infer<T> {
  return schema.parse(JSON.parse(text));
}

export function readJsonOrNull<T extends z.ZodType>(schema: T, text: string | null): z.infer<T> | null {
  return text === null ? null : readJson(schema, text);
}

export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number): boolean => value === 1;
