import {
  catalogueAppListSchema,
  catalogueExploreSchema,
  listCatalogueAppsQuerySchema,
} from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import type { StoreDeps } from '../../../deps.ts';
import { exploreCatalogue, listCatalogueApps } from './service.ts';

const tags = ['apps'];

/** The public catalogue: no sign-in needed; a signed-in owner or Store admin sees more. */
export function registerCatalogueRoutes(app: ZodApp, deps: StoreDeps) {
  app.get(
    '/apps',
    {
      schema: {
        tags,
        description:
          'The catalogue, a page at a time: filtered by category and price, searched by keyword (titles, names, keywords and descriptions; prefixes and typos match; each item says where), sorted by relevance, downloads, last publication or title. Private and blocked apps appear only to their owner and Store admins.',
        querystring: listCatalogueAppsQuerySchema,
        response: { 200: catalogueAppListSchema },
      },
    },
    async (request) => listCatalogueApps(deps, { query: request.query, viewer: request.user }),
  );
  app.get(
    '/apps/explore',
    {
      schema: {
        tags,
        description:
          "The home page's sections: the most downloaded apps, the most recently published, and each category with its count and most downloaded apps.",
        response: { 200: catalogueExploreSchema },
      },
    },
    async (request) => exploreCatalogue(deps, request.user),
  );
}
