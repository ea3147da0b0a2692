import { z } from 'zod';

/** An integer amount in the smallest unit, as a decimal string: `"1999"`. */
export const amountSchema = z
  .string()
  .regex(/^-?\d{1,78}$/, 'Expected an integer amount in the smallest unit');

/** Unix seconds. */
export const timestampSchema = z.number().int().nonnegative();

export const metadataSchema = z.record(z.string(), z.string());

/** Stripe's bounds on metadata, so what a caller may store grows no row without limit. */
export const METADATA_MAX_KEYS = 50;
export const METADATA_KEY_MAX_LENGTH = 40;
export const METADATA_VALUE_MAX_LENGTH = 500;

/** Metadata as a request may set it: at most 50 keys of 40 characters, values of 500. */
export const metadataInputSchema = z
  .record(
    z
      .string()
      .min(1)
      .max(METADATA_KEY_MAX_LENGTH, `A metadata key has at most ${METADATA_KEY_MAX_LENGTH} characters`),
    z
      .string()
      .max(METADATA_VALUE_MAX_LENGTH, `A metadata value has at most ${METADATA_VALUE_MAX_LENGTH} characters`),
  )
  .refine(
    (metadata) => Object.keys(metadata).length <= METADATA_MAX_KEYS,
    `At most ${METADATA_MAX_KEYS} keys`,
  );

/** A page's query may carry a parameter it has no value for (`status=`): that filters nothing. */
export const unlessEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** Which way a list is sorted; each list says which way it goes when the query names none. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), count: z.number().int().nonnegative() });
}

export const localeSchema = z.enum(['en', 'zh']);
export type Locale = z.infer<typeof localeSchema>;
