import { cliConnectDecisionResponseSchema, cliConnectInfoSchema } from '@bazaar/schemas';
import { callStoreApi } from '../../api/store-api.ts';
import { storeKeys } from '../../api/store-query-keys.ts';

/** The query key of one connect session as the page shows it. */
export const connectSessionKey = (id: string) => [...storeKeys.all, 'cli-connect', id] as const;

/** `GET /api/cli/connect/{id}/info`: the session, and the viewer's developer record. */
export const fetchConnectSession = (id: string) =>
  callStoreApi('GET', `/cli/connect/${id}/info`, cliConnectInfoSchema);

/** `POST /api/cli/connect/{id}/approve` or `…/deny`. */
export const decideConnectSession = (id: string, decision: 'approve' | 'deny') =>
  callStoreApi('POST', `/cli/connect/${id}/${decision}`, cliConnectDecisionResponseSchema);
