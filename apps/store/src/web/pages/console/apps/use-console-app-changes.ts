import {
  appVersionActionResponseSchema,
  storeAppSchema,
  type BlockAppBody,
  type ReviewAppBody,
} from '@bazaar/schemas';
import { useMutation } from '@tanstack/react-query';
import { callStoreApi } from '../../../api/store-api.ts';
import { appPath, useRefreshApps } from '../../../components/apps/use-apps.ts';

/**
 * Starts a review, approves a version into a category, or rejects it with a reason. The queue and
 * the app are read again either way: a refusal usually means another admin (or the developer)
 * moved the version first, and the new read shows where it is.
 */
export function useReviewVersion(did: string) {
  const refresh = useRefreshApps('console');
  return useMutation({
    mutationFn: (body: ReviewAppBody) =>
      callStoreApi('PUT', `${appPath('console', did)}/review`, appVersionActionResponseSchema, { body }),
    onSettled: refresh,
  });
}

/** Blocks the app with a reason its developer is shown, slashing their stake if asked. */
export function useBlockApp(did: string) {
  const refresh = useRefreshApps('console');
  return useMutation({
    mutationFn: (body: BlockAppBody) =>
      callStoreApi('PUT', `${appPath('console', did)}/block`, storeAppSchema, { body }),
    onSettled: refresh,
  });
}

export function useUnblockApp(did: string) {
  const refresh = useRefreshApps('console');
  return useMutation({
    mutationFn: () => callStoreApi('PUT', `${appPath('console', did)}/unblock`, storeAppSchema),
    onSettled: refresh,
  });
}
