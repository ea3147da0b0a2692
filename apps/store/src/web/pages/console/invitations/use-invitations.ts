import {
  createInvitationResponseSchema,
  invitationSchema,
  paginatedSchema,
  type CreateInvitationBody,
} from '@bazaar/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callStoreApi } from '../../../api/store-api.ts';
import { storeKeys } from '../../../api/store-query-keys.ts';

const invitationPageSchema = paginatedSchema(invitationSchema);

/** One page (counted from 1) of the invitations, newest first. */
export function useInvitations(page: number, pageSize: number) {
  return useQuery({
    queryKey: storeKeys.invitationPage(page, pageSize),
    queryFn: () =>
      callStoreApi('GET', '/console/invitations', invitationPageSchema, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Invites a person; the answer carries the token this once. Dropped from the mutation cache as
 * soon as nothing shows it, so the accept link lives only in the dialog that shows it.
 */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationBody) =>
      callStoreApi('POST', '/console/invitations', createInvitationResponseSchema, { body }),
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.invitations() }),
  });
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callStoreApi('DELETE', `/console/invitations/${encodeURIComponent(id)}`, invitationSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.invitations() }),
  });
}
