import { z } from 'zod';

/** An integer amount in the smallest unit, as a decimal string: `"1999"`. */
export const amountSchema = z
  .string()
  .regex(/^-?\d{1,78}$/, 'Expected an integer amount in the smallest unit');

/** Unix seconds. */
export const timestampSchema = z.number().int().nonnegative();

export const metadataSchema = z.record(z.string(), z.string());

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), count: z.number().int().nonnegative() });
}

export const localeSchema = z.enum(['en', 'zh']);
export type Locale = z.infer<typeof localeSchema>;
