import {
  accessTokenSchema,
  createAccessTokenResponseSchema,
  paginatedSchema,
  type CreateAccessTokenBody,
} from '@bazaar/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callStoreApi } from '../../api/store-api.ts';
import { storeKeys } from '../../api/store-query-keys.ts';

const accessTokenPageSchema = paginatedSchema(accessTokenSchema);

/** One page (counted from 1) of the developer's tokens, newest first; never a secret. */
export function useAccessTokens(page: number, pageSize: number) {
  return useQuery({
    queryKey: storeKeys.accessTokenPage(page, pageSize),
    queryFn: () =>
      callStoreApi('GET', '/developer/access-tokens', accessTokenPageSchema, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Creates a token; its answer carries the secret this once. The answer is dropped from the
 * mutation cache as soon as nothing shows it (`gcTime: 0`), so the secret lives only in the
 * dialog that shows it.
 */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccessTokenBody) =>
      callStoreApi('POST', '/developer/access-tokens', createAccessTokenResponseSchema, { body }),
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.accessTokens() }),
  });
}

/** Deletes (revokes) a token once its name is typed to confirm; it stays listed as revoked. */
export function useDeleteAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmName }: { id: string; confirmName: string }) =>
      callStoreApi('DELETE', `/developer/access-tokens/${encodeURIComponent(id)}`, accessTokenSchema, {
        body: { confirmName },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.accessTokens() }),
  });
}
