import {
  USER_SERVICE_PATH,
  type AccessToken,
  type AppComment,
  type AppListItem,
  type AppVersionHistoryEntry,
  type Invitation,
  type SessionUser,
  type StoreApp,
  type StoreAppVersion,
  type StoreDeveloper,
} from '@bazaar/schemas';

/** 2026-01-01 00:00:00 UTC, the tests' "now". */
export const TEST_NOW = 1_767_225_600;
export const DAY = 24 * 60 * 60;

function sessionUser(name: string, role: SessionUser['role'], address: string): SessionUser {
  const did = `did:pkh:eip155:1:${address}`;
  return {
    did,
    fullName: name,
    email: `${name.toLowerCase()}@example.com`,
    walletAddress: address,
    avatar: `${USER_SERVICE_PATH}/avatar/${did}`,
    role,
    passports: [{ role, name: role }],
  };
}

/** Who signs in: a Store admin (owner), an admin, and a member (a developer or not is the Store's record). */
export const USERS = {
  owner: sessionUser('Olivia', 'owner', '0x1111111111111111111111111111111111111111'),
  admin: sessionUser('Adam', 'admin', '0x2222222222222222222222222222222222222222'),
  member: sessionUser('Mia', 'member', '0x3333333333333333333333333333333333333333'),
};

export function makeDeveloper(overrides: Partial<StoreDeveloper> = {}): StoreDeveloper {
  return {
    did: USERS.member.did,
    username: 'Mia',
    developerSince: TEST_NOW - 30 * DAY,
    status: 'enabled',
    revokedReason: null,
    revokedAt: null,
    ...overrides,
  };
}

export function makeAccessToken(overrides: Partial<AccessToken> = {}): AccessToken {
  return {
    id: 'Tok3nId1',
    name: 'laptop',
    scopes: ['upload', 'publish', 'read'],
    createdAt: TEST_NOW - 2 * DAY,
    expiresAt: TEST_NOW + 88 * DAY,
    lastUsedAt: null,
    revokedAt: null,
    isExpired: false,
    isRevoked: false,
    ...overrides,
  };
}

export function makeInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: 'sinv_abc123',
    email: 'newdev@example.com',
    did: null,
    note: '',
    status: 'pending',
    invitedBy: USERS.owner.did,
    createdAt: TEST_NOW,
    expiresAt: TEST_NOW + 7 * DAY,
    acceptedAt: null,
    acceptedBy: null,
    cancelledAt: null,
    ...overrides,
  };
}

/** An app's DID: the `did:key` of its Ed25519 key, as the server checks it. */
export const APP_DID = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';

/** A public, never published app of the member's, reviewed on every version, with one upload. */
export function makeApp(overrides: Partial<StoreApp> = {}): StoreApp {
  return {
    did: APP_DID,
    name: 'weather-board',
    title: 'Weather Board',
    description: 'Forecasts on your dashboard.',
    logo: null,
    ownerDid: USERS.member.did,
    category: null,
    visibility: 'public',
    autoPublish: false,
    supportersView: 'avatar',
    reviewType: 'each',
    isBlocked: false,
    blockedAt: null,
    blockedReason: null,
    currentVersion: null,
    latestVersion: '1.0.0',
    createdAt: TEST_NOW - 3 * DAY,
    updatedAt: TEST_NOW - DAY,
    ...overrides,
  };
}

export function makeAppVersion(overrides: Partial<StoreAppVersion> = {}): StoreAppVersion {
  return {
    appDid: APP_DID,
    version: '1.0.0',
    status: 'draft',
    integrity: 'sha512-AAAA',
    size: 1_572_864,
    uploadedAt: TEST_NOW - DAY,
    statusChangedAt: TEST_NOW - DAY,
    publishedAt: null,
    manifest: {},
    fileCount: 12,
    ...overrides,
  };
}

/** An app in a list with its latest version (its summary: no manifest) and how long that waits. */
export function makeAppListItem(
  app: StoreApp,
  latest: StoreAppVersion | null,
  waitingSeconds: number | null = null,
): AppListItem {
  if (!latest) return { app, latestVersion: null, waitingSeconds };
  const { manifest: _manifest, fileCount: _fileCount, ...summary } = latest;
  return { app, latestVersion: summary, waitingSeconds };
}

export function makeAppHistoryEntry(overrides: Partial<AppVersionHistoryEntry> = {}): AppVersionHistoryEntry {
  return {
    id: 'sah_1',
    appDid: APP_DID,
    version: '1.0.0',
    fromStatus: null,
    toStatus: 'draft',
    actorDid: USERS.member.did,
    actorKind: 'developer',
    reason: null,
    createdAt: TEST_NOW - DAY,
    ...overrides,
  };
}

export function makeAppComment(overrides: Partial<AppComment> = {}): AppComment {
  return {
    id: 'sac_1',
    appDid: APP_DID,
    version: '1.0.0',
    authorDid: USERS.owner.did,
    authorKind: 'admin',
    body: 'Please add a privacy policy.',
    createdAt: TEST_NOW - DAY,
    ...overrides,
  };
}

/** A list page as the API answers it. */
export const page = <T>(list: T[]) => ({ list, count: list.length });
