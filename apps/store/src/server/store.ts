import { COMPONENT_IDS } from '@bazaar/schemas';
import { migrate, useZod, type ComponentDeps, type PlatformComponent } from '@bazaar/server-kit';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { listCategories, seedCategories, type StoreTables } from './categories.ts';
import { storeMigrations } from './migrations.ts';

const categorySchema = z.object({ id: z.string(), name: z.object({ en: z.string(), zh: z.string() }) });

/** The Store component: mounted at '/', its API under '/api'. */
export function createStore(deps: ComponentDeps): PlatformComponent {
  const db = deps.database.db as Kysely<StoreTables>;
  return {
    did: COMPONENT_IDS.store,
    name: 'Store',
    mountPoint: '/',
    migrate: () => migrate(deps.database, 'store', storeMigrations),
    seed: () => seedCategories(db, deps.clock.now()),
    start: () => {},
    stop: async () => {},
    api: async (app) => {
      useZod(app).get(
        '/categories',
        { schema: { response: { 200: z.object({ list: z.array(categorySchema), count: z.number() }) } } },
        async () => {
          const list = await listCategories(db);
          return { list, count: list.length };
        },
      );
    },
  };
}
