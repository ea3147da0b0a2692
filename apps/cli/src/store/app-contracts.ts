/**
 * The parts of the Store's app answers the CLI reads (`uploadAppResponseSchema`,
 * `appVersionsResponseSchema` and the publish answer in @bazaar/schemas hold the whole of
 * them). Reading only these fields keeps `bazaar status` working against a Store that answers
 * more than this CLI knows.
 */
import { appVersionStatusSchema } from '@bazaar/schemas';
import { z } from 'zod';

const appSchema = z.object({ did: z.string(), name: z.string() });
const versionSchema = z.object({
  version: z.string(),
  status: z.union([appVersionStatusSchema, z.string()]),
});

/** `POST /api/apps/upload` → 201. `published`: auto-publish published it at once. */
export const uploadAnswerSchema = z.object({
  app: appSchema,
  version: versionSchema,
  published: z.boolean(),
});

/** `POST /api/apps/{did}/versions/{version}/publish`. */
export const publishAnswerSchema = z.object({ version: versionSchema });

/** `GET /api/apps/{did}/versions`: newest first. */
export const versionsAnswerSchema = z.object({
  app: appSchema.extend({ currentVersion: z.string().nullable().optional() }),
  versions: z.array(
    versionSchema.extend({
      size: z.number().optional(),
      uploadedAt: z.number().optional(),
      publishedAt: z.number().nullable().optional(),
    }),
  ),
});
