import { storeSettingsSchema, type UpdateStoreSettingsBody } from '@bazaar/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callStoreApi } from '../../../api/store-api.ts';
import { storeKeys } from '../../../api/store-query-keys.ts';

export function useStoreSettings() {
  return useQuery({
    queryKey: storeKeys.settings(),
    queryFn: () => callStoreApi('GET', '/console/settings', storeSettingsSchema),
  });
}

/** Saves the fields given (the others keep their value); `store.json` follows the new mode. */
export function useUpdateStoreSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateStoreSettingsBody) =>
      callStoreApi('PUT', '/console/settings', storeSettingsSchema, { body: changes }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(storeKeys.settings(), saved);
      await queryClient.invalidateQueries({ queryKey: storeKeys.info() });
    },
  });
}
