import {
  developerHistoryEntrySchema,
  paginatedSchema,
  storeDeveloperSchema,
  type DeveloperStatus,
  type UpdateDeveloperBody,
} from '@bazaar/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callStoreApi } from '../../../api/store-api.ts';
import { storeKeys } from '../../../api/store-query-keys.ts';

const developerPageSchema = paginatedSchema(storeDeveloperSchema);
const developerHistorySchema = z.object({ list: z.array(developerHistoryEntrySchema) });

export interface DeveloperFilters {
  /** Counted from 1. */
  page: number;
  pageSize: number;
  /** Empty for every status. */
  status: DeveloperStatus | '';
  /** Part of a DID or username; empty for all. */
  q: string;
}

export function useDevelopers(filters: DeveloperFilters) {
  return useQuery({
    queryKey: storeKeys.developerPage(filters),
    queryFn: () => callStoreApi('GET', '/console/developers', developerPageSchema, { query: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

/** A developer's status changes, oldest first; nothing is asked until a developer is chosen. */
export function useDeveloperHistory(did: string | null) {
  return useQuery({
    queryKey: storeKeys.developerHistory(did ?? ''),
    queryFn: () =>
      callStoreApi(
        'GET',
        `/console/developers/${encodeURIComponent(did ?? '')}/history`,
        developerHistorySchema,
      ),
    enabled: did !== null,
  });
}

/** Revokes (with a reason) or enables a developer; the list and their history follow. */
export function useSetDeveloperStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ did, change }: { did: string; change: UpdateDeveloperBody }) =>
      callStoreApi('PUT', `/console/developers/${encodeURIComponent(did)}`, storeDeveloperSchema, {
        body: change,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.developers() }),
  });
}
