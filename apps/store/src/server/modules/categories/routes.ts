import {
  categoryBodySchema,
  categoryIdSchema,
  categoryListSchema,
  storeCategorySchema,
} from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { StoreDeps } from '../../deps.ts';
import { storeAdminOnly } from '../../http/guards.ts';
import { createCategory, deleteCategory, listCategories, updateCategory } from './service.ts';

const tags = ['categories'];
const params = z.object({ id: categoryIdSchema });

/** Anyone lists categories (the home page's filter); Store admins add, rename and remove them. */
export function registerCategoryRoutes(app: ZodApp, deps: StoreDeps) {
  app.get('/categories', { schema: { tags, response: { 200: categoryListSchema } } }, async () => {
    const list = await listCategories(deps.db);
    return { list, count: list.length };
  });
  app.post(
    '/console/categories',
    { ...storeAdminOnly, schema: { tags, body: categoryBodySchema, response: { 200: storeCategorySchema } } },
    async (request) => createCategory(deps, request.body),
  );
  app.put(
    '/console/categories/:id',
    {
      ...storeAdminOnly,
      schema: { tags, params, body: categoryBodySchema, response: { 200: storeCategorySchema } },
    },
    async (request) => updateCategory(deps, { id: request.params.id, body: request.body }),
  );
  app.delete(
    '/console/categories/:id',
    {
      ...storeAdminOnly,
      schema: { tags, params, response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }) } },
    },
    async (request) => deleteCategory(deps, request.params.id),
  );
}
