import { appPageSchema, DOWNLOAD_SERIES_DEFAULT_DAYS, downloadSeriesSchema } from '@bazaar/schemas';
import { useQuery } from '@tanstack/react-query';
import { callStoreApi, StoreApiError } from '../../api/store-api.ts';
import { storeKeys } from '../../api/store-query-keys.ts';

const appApiPath = (did: string) => `/apps/${encodeURIComponent(did)}`;

/** An app's page: its published version, or the one named (any upload, for its managers). */
export function useAppPage(did: string, version: string | null) {
  return useQuery({
    queryKey: storeKeys.appPage(did, version),
    queryFn: () =>
      callStoreApi('GET', appApiPath(did), appPageSchema, { query: { version: version ?? undefined } }),
  });
}

/** The app's counted downloads per day over the spec's month (30 days), with the total. */
export function useAppDownloads(did: string) {
  const days = DOWNLOAD_SERIES_DEFAULT_DAYS;
  return useQuery({
    queryKey: storeKeys.appDownloads(did, days),
    queryFn: () =>
      callStoreApi('GET', `${appApiPath(did)}/downloads`, downloadSeriesSchema, { query: { days } }),
  });
}

async function fetchAppDocument(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'same-origin',
      headers: { accept: 'text/markdown, text/plain' },
    });
  } catch (error) {
    throw new StoreApiError('network', 0, String(error));
  }
  if (!response.ok) throw new StoreApiError('network', response.status, `HTTP ${response.status}`);
  return response.text();
}

/**
 * A markdown file of a version's bundle (its readme, its changelog) as text. A version's files
 * never change, so it is read once per page.
 */
export function useAppDocument(url: string) {
  return useQuery({
    queryKey: storeKeys.appDocument(url),
    queryFn: () => fetchAppDocument(url),
    staleTime: Infinity,
  });
}
