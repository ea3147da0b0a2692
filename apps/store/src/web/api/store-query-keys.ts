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
  /** An app's page for visitors: the published version (`version` null) or one named. */
  appPage: (did: string, version: string | null) => [...storeKeys.all, 'app-page', did, version] as const,
  /** Where an app's installs run, as they reported themselves. */
  appInstances: (did: string) => [...storeKeys.all, 'app-instances', did] as const,
  /** The donation setting an app page's tip jar is mounted with. */
  appDonation: (did: string) => [...storeKeys.all, 'app-donation', did] as const,
  /** The licences of the signed-in buyer `did`. */
  ownLicences: (did: string) => [...storeKeys.all, 'own-licences', did] as const,
  /** What the signed-in `userDid` (empty for a visitor) holds of a paid app. */
  appPurchase: (did: string, userDid: string) => [...storeKeys.all, 'app-purchase', did, userDid] as const,
  appDownloads: (did: string, days: number) => [...storeKeys.all, 'app-downloads', did, days] as const,
  /** A markdown file of a version's bundle (readme, changelog), by its address. */
  appDocument: (url: string) => [...storeKeys.all, 'app-document', url] as const,
  catalogue: () => [...storeKeys.all, 'catalogue'] as const,
  cataloguePage: (params: Record<string, string | number | undefined>) =>
    [...storeKeys.catalogue(), 'page', params] as const,
  explore: () => [...storeKeys.catalogue(), 'explore'] as const,
  /** Everything read of an app's public comments: its pages of threads and each thread's replies. */
  appComments: (did: string) => [...storeKeys.all, 'app-comments', did] as const,
  appCommentThreads: (did: string) => [...storeKeys.appComments(did), 'threads'] as const,
  appCommentReplies: (did: string, commentId: string) =>
    [...storeKeys.appComments(did), 'replies', commentId] as const,
};
