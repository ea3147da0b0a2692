/** One place for every query key of the Store's pages, so invalidation cannot drift from reading. */
export const storeKeys = {
  all: ['store'] as const,
  info: () => [...storeKeys.all, 'info'] as const,
  /** The signed-in user's developer record, whoever is signed in (to invalidate it). */
  developerMes: () => [...storeKeys.all, 'developer-me'] as const,
  /** The developer record of the user signed in as `did`. */
  developerMe: (did: string) => [...storeKeys.developerMes(), did] as const,
  accessTokens: () => [...storeKeys.all, 'access-tokens'] as const,
  accessTokenPage: (page: number, pageSize: number) =>
    [...storeKeys.accessTokens(), 'page', page, pageSize] as const,
  categories: () => [...storeKeys.all, 'categories'] as const,
  settings: () => [...storeKeys.all, 'settings'] as const,
  developers: () => [...storeKeys.all, 'developers'] as const,
  developerPage: (params: { page: number; pageSize: number; status: string; q: string }) =>
    [...storeKeys.developers(), 'page', params] as const,
  developerHistory: (did: string) => [...storeKeys.developers(), 'history', did] as const,
  invitations: () => [...storeKeys.all, 'invitations'] as const,
  invitationPage: (page: number, pageSize: number) =>
    [...storeKeys.invitations(), 'page', page, pageSize] as const,
  /** The licences of the signed-in buyer `did`. */
  ownLicences: (did: string) => [...storeKeys.all, 'own-licences', did] as const,
};
