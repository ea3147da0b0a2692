import { z } from 'zod';
import {
  paginatedSchema,
  paginationQuerySchema,
  SORT_DIRECTIONS,
  timestampSchema,
  unlessEmpty,
  type SortDirection,
} from './common.ts';
import { appPriceSchema } from './store-app-detail.ts';
import { appVisibilitySchema, categoryIdSchema, storeCategorySchema } from './store.ts';

/**
 * The Store's public catalogue: the home page's sections, the app list and its search. An item
 * says what the app's published version says (its signed manifest), never a later upload.
 */

export const CATALOGUE_KEYWORD_MAX_LENGTH = 200;

/** `relevance` needs a keyword; without one a list is sorted by downloads. */
export const CATALOGUE_SORTS = ['relevance', 'downloads', 'lastPublished', 'title'] as const;
export const catalogueSortSchema = z.enum(CATALOGUE_SORTS);
export type CatalogueSort = z.infer<typeof catalogueSortSchema>;

export { SORT_DIRECTIONS, type SortDirection } from './common.ts';

/** The direction a sort takes when the query names none: best, most and newest first; titles A to Z. */
export const DEFAULT_SORT_DIRECTIONS: Record<CatalogueSort, SortDirection> = {
  relevance: 'desc',
  downloads: 'desc',
  lastPublished: 'desc',
  title: 'asc',
};

/** `free`: no price in the manifest; `paid`: one. */
export const CATALOGUE_PRICE_FILTERS = ['free', 'paid'] as const;
export type CataloguePriceFilter = (typeof CATALOGUE_PRICE_FILTERS)[number];

/** `GET /api/apps`. An empty parameter (`category=`) filters nothing. */
export const listCatalogueAppsQuerySchema = paginationQuerySchema.extend({
  /** Words to search for in titles, names, keywords and descriptions; surrounding spaces are dropped. */
  keyword: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z
      .string()
      .max(CATALOGUE_KEYWORD_MAX_LENGTH, `input a maximum of ${CATALOGUE_KEYWORD_MAX_LENGTH} characters`)
      .optional(),
  ),
  category: unlessEmpty(categoryIdSchema),
  price: unlessEmpty(z.enum(CATALOGUE_PRICE_FILTERS)),
  sortBy: unlessEmpty(catalogueSortSchema),
  sortDirection: unlessEmpty(z.enum(SORT_DIRECTIONS)),
});
export type ListCatalogueAppsQuery = z.infer<typeof listCatalogueAppsQuerySchema>;

/** A run of text and whether it matched the search: pages mark matches themselves (never HTML). */
export const highlightSegmentSchema = z.object({ text: z.string(), match: z.boolean() });
export type HighlightSegment = z.infer<typeof highlightSegmentSchema>;

/** The title whole, and the description cut to a snippet around its first match (`…` where cut). */
export const catalogueHighlightSchema = z.object({
  title: z.array(highlightSegmentSchema),
  description: z.array(highlightSegmentSchema),
});
export type CatalogueHighlight = z.infer<typeof catalogueHighlightSchema>;

/** An app in the catalogue: its published version's facts with the Store's (owner, category, downloads). */
export const catalogueAppSchema = z.object({
  did: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** `/api/apps/{did}/versions/{version}/assets/{path}` (`appAssetUrl`), or null without a logo. */
  logoUrl: z.string().nullable(),
  /** The category id an admin filed the app under. */
  category: z.string().nullable(),
  ownerDid: z.string(),
  /** The developer's name in the Store. */
  ownerName: z.string(),
  /** The published version. */
  version: z.string(),
  lastPublishedAt: timestampSchema,
  downloads: z.number().int().nonnegative(),
  price: appPriceSchema,
  keywords: z.array(z.string()),
  /** Only the owner and Store admins see a private or blocked app; pages mark it for them. */
  visibility: appVisibilitySchema,
  isBlocked: z.boolean(),
  /** Where the keyword matched; null when the list was not searched. */
  highlight: catalogueHighlightSchema.nullable(),
});
export type CatalogueApp = z.infer<typeof catalogueAppSchema>;

export const catalogueAppListSchema = paginatedSchema(catalogueAppSchema);
export type CatalogueAppList = z.infer<typeof catalogueAppListSchema>;

export const EXPLORE_TRENDING_SIZE = 8;
export const EXPLORE_RECENTLY_UPDATED_SIZE = 8;
export const EXPLORE_CATEGORY_APPS_SIZE = 4;

/** A category of the home page: how many apps it lists and its most downloaded ones. */
export const catalogueCategorySectionSchema = z.object({
  category: storeCategorySchema,
  count: z.number().int().nonnegative(),
  apps: z.array(catalogueAppSchema),
});
export type CatalogueCategorySection = z.infer<typeof catalogueCategorySectionSchema>;

/**
 * `GET /api/apps/explore`: the home page. The most downloaded apps, the most recently published,
 * and each category holding at least one app, in the categories' own order.
 */
export const catalogueExploreSchema = z.object({
  trending: z.array(catalogueAppSchema),
  recentlyUpdated: z.array(catalogueAppSchema),
  categories: z.array(catalogueCategorySectionSchema),
});
export type CatalogueExplore = z.infer<typeof catalogueExploreSchema>;
