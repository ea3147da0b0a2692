import { acceptInvitationResponseSchema } from '@bazaar/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callStoreApi } from '../../api/store-api.ts';
import { storeKeys } from '../../api/store-query-keys.ts';

/** Accepts an invitation by its token; the signed-in user becomes a developer. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      callStoreApi('POST', '/developer/invitations/accept', acceptInvitationResponseSchema, {
        body: { token },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.developerMes() }),
  });
}
