import { storeCategorySchema, type CategoryBody } from '@bazaar/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callStoreApi } from '../../../api/store-api.ts';
import { storeKeys } from '../../../api/store-query-keys.ts';

const deletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

/** Adds a category (no `id`) or renames one. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CategoryBody }) =>
      id === null
        ? callStoreApi('POST', '/console/categories', storeCategorySchema, { body })
        : callStoreApi('PUT', `/console/categories/${encodeURIComponent(id)}`, storeCategorySchema, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.categories() }),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callStoreApi('DELETE', `/console/categories/${encodeURIComponent(id)}`, deletedSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.categories() }),
  });
}
