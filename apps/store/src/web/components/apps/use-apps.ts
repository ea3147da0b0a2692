import {
  appCommentSchema,
  appDetailSchema,
  appListItemSchema,
  paginatedSchema,
  type AppVersionStatus,
} from '@bazaar/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callStoreApi } from '../../api/store-api.ts';
import { storeKeys } from '../../api/store-query-keys.ts';

/**
 * Who looks at apps: their developer (`/api/developer/apps…`, their own) or a Store admin
 * (`/api/console/apps…`, every app). Both read the same contracts, so one set of hooks serves both.
 */
export type AppArea = 'developer' | 'console';

export interface AppListFilters {
  /** Counted from 1. */
  page: number;
  pageSize: number;
  /** The latest version's status (the console's filter); empty for all. */
  status: AppVersionStatus | '';
}

/**
 * The app pages' query keys, under the Store's own (`storeKeys.all`) so its retry rule applies;
 * each area apart, so a developer's change refreshes their pages and an admin's the console's.
 */
export const appKeys = {
  area: (area: AppArea) => [...storeKeys.all, 'apps', area] as const,
  page: (area: AppArea, filters: AppListFilters) => [...appKeys.area(area), 'page', filters] as const,
  detail: (area: AppArea, did: string) => [...appKeys.area(area), 'detail', did] as const,
};

/** `appPath('console', did)` → `/console/apps/did%3Akey%3A…`; without a DID, the area's list. */
export function appPath(area: AppArea, did?: string): string {
  return did === undefined ? `/${area}/apps` : `/${area}/apps/${encodeURIComponent(did)}`;
}

const appPageSchema = paginatedSchema(appListItemSchema);

/** One page of the area's apps, each with its latest version (the console's waiting ones first). */
export function useAppList(area: AppArea, filters: AppListFilters) {
  return useQuery({
    queryKey: appKeys.page(area, filters),
    queryFn: () => callStoreApi('GET', appPath(area), appPageSchema, { query: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

/** An app with its versions (newest first), history and review thread (oldest first). */
export function useAppDetail(area: AppArea, did: string) {
  return useQuery({
    queryKey: appKeys.detail(area, did),
    queryFn: () => callStoreApi('GET', appPath(area, did), appDetailSchema),
  });
}

/** Everything the area shows of apps is read again: after a change, and after a refusal (the page may be stale). */
export function useRefreshApps(area: AppArea) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: appKeys.area(area) });
}

/** A comment on a version's review thread, as the app's developer or as a Store admin. */
export function useAddAppComment(area: AppArea, did: string) {
  const refresh = useRefreshApps(area);
  return useMutation({
    mutationFn: ({ version, body }: { version: string; body: string }) =>
      callStoreApi(
        'POST',
        `${appPath(area, did)}/versions/${encodeURIComponent(version)}/comments`,
        appCommentSchema,
        { body: { body } },
      ),
    onSettled: refresh,
  });
}
