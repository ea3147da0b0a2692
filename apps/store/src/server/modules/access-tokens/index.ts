/** What other Store modules (the upload and CLI routes) use of the access-tokens module. */
export {
  authenticateAccessToken,
  createAccessToken,
  LAST_USED_RESOLUTION_SECONDS,
  type AuthenticatedAccessToken,
} from './service.ts';
export { accessTokenOnly, currentAccessToken, readBearerToken } from './bearer.ts';
