import { openStakeResponseSchema, storeDeveloperSchema, storeStakeSchema } from '@bazaar/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callStoreApi } from '../../api/store-api.ts';
import { storeKeys } from '../../api/store-query-keys.ts';

/** The Payment Kit's payment link that takes this Store's stake, for the embedded checkout. */
export function useOpenStake() {
  return useMutation({
    mutationFn: () => callStoreApi('POST', '/developer/stake', openStakeResponseSchema),
  });
}

const leaveResponseSchema = z.object({ developer: storeDeveloperSchema, stake: storeStakeSchema.nullable() });

/** Leaves the Store and starts the stake's wait to go back; the user's record is read again. */
export function useLeaveStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callStoreApi('POST', '/developer/leave', leaveResponseSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeKeys.developerMes() }),
  });
}
