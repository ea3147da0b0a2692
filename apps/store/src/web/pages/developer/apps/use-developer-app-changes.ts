import {
  appVersionActionResponseSchema,
  storeAppSchema,
  type DeveloperVersionAction,
  type UpdateAppBody,
} from '@bazaar/schemas';
import { useMutation } from '@tanstack/react-query';
import { callStoreApi } from '../../../api/store-api.ts';
import { appPath, useRefreshApps } from '../../../components/apps/use-apps.ts';

/**
 * Requests a review of a version, cancels one, or publishes it. The app is read again either way:
 * a refusal usually means the page was stale (an admin acted meanwhile), and the new read shows why.
 */
export function useDeveloperVersionAction(did: string) {
  const refresh = useRefreshApps('developer');
  return useMutation({
    mutationFn: ({ version, action }: { version: string; action: DeveloperVersionAction }) =>
      callStoreApi(
        'PUT',
        `${appPath('developer', did)}/versions/${encodeURIComponent(version)}`,
        appVersionActionResponseSchema,
        { body: { action } },
      ),
    onSettled: refresh,
  });
}

/** Makes the app public or private, or turns auto publish on or off. */
export function useUpdateApp(did: string) {
  const refresh = useRefreshApps('developer');
  return useMutation({
    mutationFn: (changes: UpdateAppBody) =>
      callStoreApi('PUT', appPath('developer', did), storeAppSchema, { body: changes }),
    onSettled: refresh,
  });
}
