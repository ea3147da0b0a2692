import type { Manifest } from '@bazaar/bundle';
import type { StoreDb } from '../../../db/tables.ts';
import type { VersionRow } from '../repository.ts';
import { upsertListingRow, type ListingRow } from './repository.ts';
import { listingTermsOf, titleSortKey } from './search-text.ts';

type PublishedVersion = Pick<
  VersionRow,
  'app_did' | 'version' | 'manifest' | 'published_at' | 'status_changed_at'
>;

/** ` cron dashboard `: ranking finds a whole term by looking for it with a space on either side. */
const padded = (terms: readonly string[]) => (terms.length === 0 ? '' : ` ${terms.join(' ')} `);

/**
 * An app's catalogue row from its published version's signed manifest. The upload verified the
 * manifest whole before storing it, so it is read back without parsing it again.
 */
export function listingRowOf(version: PublishedVersion): ListingRow {
  const manifest = JSON.parse(version.manifest) as Manifest;
  const terms = listingTermsOf(manifest);
  return {
    app_did: version.app_did,
    name: manifest.name,
    version: version.version,
    title: manifest.title,
    description: manifest.description,
    keywords: JSON.stringify(manifest.keywords),
    logo: manifest.logo ?? null,
    price_amount: manifest.price?.amount ?? null,
    price_currency: manifest.price?.currency ?? null,
    published_at: version.published_at ?? version.status_changed_at,
    title_key: titleSortKey(manifest.title),
    title_terms: padded(terms.titleTerms),
    keyword_terms: padded(terms.keywordTerms),
    description_terms: padded(terms.descriptionTerms),
  };
}

/**
 * Lists the version just published in place of the app's previous one: called in the transaction
 * that publishes it, so the catalogue and its search index never show a version that is not the
 * app's current one.
 */
export async function listPublishedVersion(trx: StoreDb, version: PublishedVersion): Promise<void> {
  await upsertListingRow(trx, listingRowOf(version));
}
