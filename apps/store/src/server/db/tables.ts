import type { ColumnType, Kysely } from 'kysely';

/** A column rows may leave out on insert (it is nullable or has a default in the migration). */
type Optional<T> = ColumnType<T, T | undefined, T>;

/**
 * The Store's tables as Kysely sees them. Time is unix seconds, booleans are 0/1, lists are JSON
 * text, amounts are decimal text, so one set of migrations serves SQLite and PostgreSQL. Each
 * table belongs to one module, whose repository alone writes its SQL.
 */
export interface StoreTables {
  /** modules/categories */
  store_categories: { id: string; name_en: string; name_zh: string; created_at: number };
  /** modules/settings: one row, id `store`, written on the first change (defaults until then). */
  store_settings: {
    id: string;
    permission_mode: string;
    stake_amount: string;
    stake_currency: string;
    default_review_type: string;
    max_bundle_size_mb: number;
    auto_publish_default: number;
    store_share_percent: Optional<number>;
    updated_by: string;
    updated_at: number;
  };
  /** modules/developers: one row per platform user who became a developer (did = their DID). */
  store_developers: {
    did: string;
    username: string;
    developer_since: number;
    status: string;
    revoked_reason: Optional<string | null>;
    revoked_at: Optional<number | null>;
    updated_at: number;
  };
  /** modules/developers: append-only, one row per change of a developer's status. */
  store_developer_history: {
    id: string;
    developer_did: string;
    action: string;
    via: Optional<string | null>;
    reason: Optional<string | null>;
    actor_did: string;
    invitation_id: Optional<string | null>;
    created_at: number;
  };
  /** modules/stakes: the Payment Kit's payment link taking stakes of one amount, currency and mode. */
  store_stake_links: {
    payment_link_id: string;
    amount: string;
    currency: string;
    livemode: number;
    created_at: number;
  };
  /**
   * modules/stakes: one paid stake. `held` backs a developer; `returning` waits until
   * `return_after`; `returned` names the kit's refund; `slashed` the Store keeps.
   */
  store_stakes: {
    id: string;
    user_did: string;
    checkout_session_id: string;
    invoice_id: string;
    amount: string;
    currency: string;
    currency_id: string;
    livemode: number;
    status: string;
    return_after: number | null;
    refund_id: string | null;
    reason: string | null;
    created_at: number;
    updated_at: number;
  };
  /** modules/developers: invitations; `token_hash` is the sha256 of the token the invitee presents. */
  store_invitations: {
    id: string;
    token_hash: string;
    email: string | null;
    did: string | null;
    note: string;
    status: string;
    invited_by: string;
    created_at: number;
    expires_at: number;
    accepted_at: Optional<number | null>;
    accepted_by: Optional<string | null>;
    cancelled_at: Optional<number | null>;
  };
  /** modules/access-tokens: `secret_hash` is the sha256 of the token's secret part; the secret is never kept. */
  store_access_tokens: {
    id: string;
    owner_did: string;
    name: string;
    scopes: string;
    secret_hash: string;
    created_at: number;
    expires_at: number;
    last_used_at: Optional<number | null>;
    revoked_at: Optional<number | null>;
  };
  /** modules/apps: one row per app DID, bound to its developer (`owner_did`) at the first upload. */
  store_apps: {
    did: string;
    name: string;
    owner_did: string;
    title: string;
    description: string;
    logo: Optional<string | null>;
    category: Optional<string | null>;
    visibility: string;
    auto_publish: number;
    review_type: string;
    blocked_at: Optional<number | null>;
    blocked_reason: Optional<string | null>;
    blocked_by: Optional<string | null>;
    current_version: Optional<string | null>;
    latest_version: Optional<string | null>;
    /** Counted downloads of every version (modules/downloads adds to it). */
    downloads: Optional<number>;
    /** How the app's page shows its supporters: `avatar` or `table`, the developer's choice. */
    supporters_view: Optional<string>;
    created_at: number;
    updated_at: number;
  };
  /** modules/apps: every uploaded version; `manifest` is the signed manifest as JSON text. */
  store_app_versions: {
    app_did: string;
    version: string;
    status: string;
    manifest: string;
    integrity: string;
    size: number;
    storage_key: string;
    uploaded_by_token: string;
    uploaded_at: number;
    status_changed_at: number;
    published_at: Optional<number | null>;
  };
  /** modules/apps: append-only, one row per status change of a version (null actor: the Store itself). */
  store_app_version_history: {
    id: string;
    app_did: string;
    version: string;
    from_status: string | null;
    to_status: string;
    actor_did: string | null;
    actor_kind: string;
    reason: string | null;
    created_at: number;
  };
  /** modules/apps: the review thread of a version, by its developer and Store admins. */
  store_app_comments: {
    id: string;
    app_did: string;
    version: string;
    author_did: string;
    author_kind: string;
    body: string;
    created_at: number;
  };
  /**
   * modules/apps (catalogue): one row per app with a published version, holding what that
   * version's manifest says, written when it is published. `keywords` is JSON; the `*_terms`
   * columns are the search terms by where they stand (space-separated), which SQLite's FTS5
   * table and PostgreSQL's `search_vector` column index.
   */
  store_app_listings: {
    app_did: string;
    name: string;
    version: string;
    title: string;
    description: string;
    keywords: string;
    logo: string | null;
    price_amount: string | null;
    price_currency: string | null;
    published_at: number;
    title_key: string;
    title_terms: string;
    keyword_terms: string;
    description_terms: string;
  };
  /**
   * modules/cli-connect: one row per connect session. `poll_secret_hash` is the sha256 of the
   * poll secret; `sealed` holds the access token sealed to `public_key` (JSON) from approval until
   * the CLI collects it; the token is never kept in clear.
   */
  store_cli_connect_sessions: {
    id: string;
    client: string;
    hostname: string | null;
    public_key: string;
    poll_secret_hash: string;
    verification_code: string;
    status: string;
    created_at: number;
    expires_at: number;
    decided_at: Optional<number | null>;
    decided_by: Optional<string | null>;
    token_id: Optional<string | null>;
    sealed: Optional<string | null>;
  };
  /**
   * modules/downloads: one row per client, version and UTC day (`2027-01-15`) that downloaded;
   * `client_key` is the user's DID or a salted hash of a guest's address and browser; `rolled_up`
   * 1 once the day's count and the app's total hold it. Swept after two days, once rolled up.
   */
  store_download_clients: {
    day: string;
    app_did: string;
    version: string;
    client_key: string;
    rolled_up: Optional<number>;
  };
  /** modules/downloads: counted downloads per app, version and UTC day, kept for good. */
  store_download_days: { app_did: string; day: string; version: string; count: number };
  /** modules/downloads: the random salt of a UTC day's guest client keys, swept with the client rows. */
  store_download_salts: { day: string; salt: string };
  /**
   * modules/comments: public comments on app pages; a reply names its top-level comment in
   * `parent_id`. `author_name` is the poster's platform name when they posted. A deleted comment
   * keeps its row with `body` and `author_name` erased and `deleted_at` set.
   */
  store_comments: {
    id: string;
    app_did: string;
    parent_id: string | null;
    author_did: string;
    author_name: string;
    body: string;
    created_at: number;
    deleted_at: Optional<number | null>;
  };
  /** modules/licences: the keys the Store signs with (`licence`: licences), as JWK JSON. */
  store_signing_keys: { id: string; private_jwk: string; public_jwk: string; created_at: number };
  /** modules/purchases: the Payment Kit's payment link selling one app at one price, currency, share and mode. */
  store_price_links: {
    payment_link_id: string;
    app_did: string;
    amount: string;
    currency: string;
    currency_id: string;
    unit_amount: string;
    store_share_percent: number;
    livemode: number;
    active: number;
    created_at: number;
  };
  /**
   * modules/licences: one paid checkout of a price link. Amounts are in the currency's smallest
   * unit; `developer_amount + store_amount = amount_paid`. `token` is the signed receipt.
   */
  store_licences: {
    id: string;
    app_did: string;
    buyer_did: string;
    version_range: string;
    status: string;
    checkout_session_id: string;
    invoice_id: string;
    payment_link_id: string;
    currency_id: string;
    amount_paid: string;
    developer_amount: string;
    store_amount: string;
    refunded_amount: string;
    livemode: number;
    token: string;
    issued_at: number;
    revoked_at: Optional<number | null>;
    revoked_reason: Optional<string | null>;
  };
  /** modules/licences: each refund heard for a licence, once. */
  store_licence_refunds: { refund_id: string; licence_id: string; amount: string; created_at: number };
  /** modules/instances: an installed copy of an app, as its latest signed report says. */
  store_app_instances: {
    app_did: string;
    url: string;
    owner: string;
    status: string;
    reported_at: number;
    first_reported_at: number;
  };
}

/** The Store's database, or a transaction on it (a Kysely `Transaction` is one). */
export type StoreDb = Kysely<StoreTables>;

export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number): boolean => value === 1;
