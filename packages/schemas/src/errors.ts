import { z } from 'zod';

/**
 * The closed list of API error codes and the HTTP status each answers with.
 * Clients switch on `code`; people read the i18n text for it; logs read `message`.
 */
export const ERROR_STATUS = {
  /** The body, query or params did not match the route's schema; `details` lists each problem. */
  VALIDATION_FAILED: 400,
  /** The JSON body could not be parsed. */
  INVALID_JSON: 400,
  /** A checkout id was neither `plink_…` nor `cs_…`. */
  INVALID_CHECKOUT_ID: 400,
  /** The object does not exist (or is not visible to the caller). */
  NOT_FOUND: 404,
  /** Sign-in is required. */
  UNAUTHENTICATED: 401,
  /** Signed in, but the role does not allow it. */
  FORBIDDEN: 403,
  /** Sign-in failed: bad code, bad signature, expired nonce. */
  AUTH_FAILED: 401,
  /** The wallet being bound is already the wallet of another account. */
  WALLET_IN_USE: 409,
  /** The account already has a different wallet; one account holds one wallet. */
  WALLET_ALREADY_BOUND: 409,
  /** A signed-in payer chose a chain method without a bound wallet: bind one, then submit again. */
  WALLET_REQUIRED: 409,
  /** The chain transaction was already used to pay a checkout. */
  CHAIN_TRANSACTION_USED: 409,
  /** The chain transaction does not pay this checkout (wrong token, recipient, payer or amount, or it failed). */
  CHAIN_TRANSACTION_INVALID: 400,
  /** The chain of the chosen method cannot be reached right now; nothing was written, submit again. */
  CHAIN_UNAVAILABLE: 503,
  /** A chain payment for this checkout is being confirmed; wait for it instead of paying again. */
  PAYMENT_IN_PROGRESS: 409,
  /** Too many requests from this user or network address in the last minute; `Retry-After` says when to try again. */
  RATE_LIMITED: 429,
  /** The relay refuses another socket from a network address that holds as many as it may at once. */
  RELAY_SOCKETS_LIMITED: 429,
  /** The emailed sign-in code expired, was used, or was never sent: ask for a new one. */
  AUTH_CODE_EXPIRED: 401,
  /** Five wrong tries used up the emailed sign-in code: ask for a new one. */
  AUTH_TOO_MANY_ATTEMPTS: 429,
  /** A sign-in code was mailed to this address less than 30 seconds ago: wait before asking again. */
  AUTH_CODE_TOO_SOON: 429,
  /** This address, or the network address asking, has had its sign-in code mails for the day. */
  AUTH_CODE_DAILY_LIMIT: 429,
  /** Too many codes were tried for this address within the window: code sign-in waits until it passes, right codes and new codes too. */
  AUTH_CODE_LOCKED: 429,
  /** A state-changing request carrying the session cookie came from a page of another origin (not the public origin nor an EMBED_ORIGINS entry); nothing was done. */
  CROSS_ORIGIN_REFUSED: 403,
  /** A state-changing request carrying the session cookie sent a body that is not application/json (a form post); nothing was done. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The live-mode setup code presented to become owner is wrong (or was replaced by a newer start's code). */
  SETUP_CODE_INVALID: 403,
  /** Someone already owns the platform; the setup code is spent. */
  SETUP_COMPLETED: 409,
  /** The same Idempotency-Key was sent with a different request. */
  IDEMPOTENCY_KEY_REUSED: 409,
  /** A request with this Idempotency-Key is still being processed. */
  IDEMPOTENCY_IN_PROGRESS: 409,
  /** The checkout session is past `expires_at` or was expired. */
  CHECKOUT_SESSION_EXPIRED: 410,
  /** The checkout session is already complete. */
  CHECKOUT_SESSION_COMPLETED: 409,
  /** The payment link is archived or inactive. */
  PAYMENT_LINK_INACTIVE: 410,
  /** A price of the checkout, or its product, was archived: it is no longer sold. */
  PRICE_INACTIVE: 410,
  /** Another customer already submitted this checkout session; it pays for them only. */
  CHECKOUT_SESSION_TAKEN: 403,
  /** A guest acted on a checkout session without its client secret (only the browser that opened it may). */
  CHECKOUT_SECRET_REQUIRED: 403,
  /** The customer already holds stock in as many unpaid checkouts as allowed; pay or let one lapse. */
  STOCK_HOLD_LIMIT: 409,
  /** A webhook URL's host does not resolve to any address. */
  WEBHOOK_URL_UNRESOLVABLE: 400,
  /** A webhook URL's host resolves to a loopback or private-network address (allowed only with WEBHOOKS_ALLOW_PRIVATE). */
  WEBHOOK_URL_PRIVATE: 400,
  /** Only a succeeded payment can be refunded; this one (or the invoice's) has not succeeded. */
  PAYMENT_NOT_REFUNDABLE: 409,
  /** The refund is for more than is left unrefunded of the payment. */
  REFUND_EXCEEDS_PAYMENT: 400,
  /** The webhook endpoint is a component's of the platform (`component:{name}`): the API does not change or delete it. */
  WEBHOOK_ENDPOINT_MANAGED: 409,
  /** A card provider's webhook did not carry a valid signature of its method's signing secret (or is older than 300 s). */
  WEBHOOK_SIGNATURE_INVALID: 400,
  /** The donation setting of the widget's mount location is turned off: it makes and answers no donation link. */
  DONATION_INACTIVE: 400,
  /** The payment method or currency is unknown, inactive or not offered for this session. */
  PAYMENT_METHOD_UNAVAILABLE: 400,
  /** A line asks for more than is left in stock. */
  quantityNotEnough: 400,
  /** A line asks for more than one checkout may buy. */
  quantityLimitPerCheckout: 400,
  /** The session's mode (setup: saving a card with no purchase) cannot be completed on this install yet. */
  CHECKOUT_MODE_UNSUPPORTED: 400,
  /** The customer has past-due invoices; new purchases wait until they are paid. */
  CUSTOMER_LIMITED: 403,
  /** The session requires its cross-sell item. */
  REQUIRE_CROSS_SELL: 400,
  /** A custom amount has more decimals than the currency's `maximum_precision`. */
  amountPrecisionLimit: 400,
  /** A custom amount is below the price's minimum or above its maximum. */
  amountOutOfRange: 400,
  /** More than one line of a session has a custom unit amount. */
  MULTIPLE_CUSTOM_AMOUNTS: 400,
  /** The upsell/downsell asked for does not exist for this session's line (or it has several lines). */
  UPSELL_UNAVAILABLE: 400,
  /** The cross-sell asked for is not this session's cross-sell price, or is already in the cart. */
  CROSS_SELL_UNAVAILABLE: 400,
  /** The card network declined the card. */
  card_declined: 402,
  /** The payer failed the card's extra authentication step. */
  card_authentication_failed: 402,
  /** The payment intent is not in a state that allows this action. */
  PAYMENT_INTENT_UNEXPECTED_STATE: 409,
  /** A price's recurring interval is not one of minute, hour, day, week, month, year. */
  UNSUPPORTED_INTERVAL: 400,
  /** The catalogue object is referenced by checkouts, links or prices: archive it instead of deleting or changing it. */
  OBJECT_IN_USE: 409,
  /** The subscription's state does not allow this action (e.g. resuming a canceled one). */
  SUBSCRIPTION_UNEXPECTED_STATE: 409,
  /** No plan change to the asked price is possible for this subscription. */
  PLAN_CHANGE_UNAVAILABLE: 400,
  /** The invoice's state does not allow this action (e.g. paying a void invoice). */
  INVOICE_UNEXPECTED_STATE: 409,
  /** Overdue invoices asked for without a subscription or customer id. */
  OVERDUE_TARGET_REQUIRED: 400,
  /** Overdue invoices of a card method are paid one by one on the invoice page, not in the dialog. */
  notSupport: 400,
  /** A test clock moves only forward, and only over customers of test mode. */
  TEST_CLOCK_INVALID: 400,
  /** An avatar upload is larger than AVATAR_MAX_BYTES. */
  AVATAR_TOO_LARGE: 413,
  /** An avatar upload is not a PNG, JPEG, WebP or GIF picture, whatever it was labelled. */
  AVATAR_INVALID: 400,
  /** A Store developer route was called by a signed-in user who has no developer record ("You have no valid Developer NFT..."): register first. */
  DEVELOPER_REQUIRED: 403,
  /** The Store developer (session user, or the owner of the access token) was revoked by a Store admin: they may not upload, publish or manage tokens. */
  DEVELOPER_REVOKED: 403,
  /** The user accepting a Store invitation (or being invited by DID) already is a developer ("You're already a developer"). */
  ALREADY_DEVELOPER: 409,
  /** No Store invitation has this token (mistyped, or never issued). */
  INVITATION_INVALID: 400,
  /** The Store invitation is past its 7 days: ask the admin for a new one. */
  INVITATION_EXPIRED: 410,
  /** A Store admin cancelled the invitation. */
  INVITATION_CANCELLED: 410,
  /** The Store invitation was already accepted (it is good once); an accepted one cannot be cancelled either. */
  INVITATION_USED: 409,
  /** The Store invitation names another person (email or DID) than the signed-in user. */
  INVITATION_MISMATCH: 403,
  /** Deleting a Store access token: the typed name is not the token's name; nothing was deleted. */
  TOKEN_NAME_MISMATCH: 400,
  /** The bearer access token is malformed, fails its checksum, is unknown, or its secret is wrong. */
  TOKEN_INVALID: 401,
  /** The bearer access token is past its expiry: create a new one. */
  TOKEN_EXPIRED: 401,
  /** The bearer access token was deleted by its owner. */
  TOKEN_REVOKED: 401,
  /** The bearer access token lacks the scope this route needs (upload, publish or read). */
  TOKEN_SCOPE_MISSING: 403,
  /** The developer holds as many live access tokens as allowed: delete one first. */
  TOKEN_LIMIT_REACHED: 409,
  /** Another Store category already has this English or Chinese name ("{name} is existed"); `details` names the field. */
  CATEGORY_EXISTS: 409,
  /** An uploaded bundle is over the Store's size limit (maxBundleSizeMb), unpacks to over ten times that, or holds too many entries. */
  BUNDLE_TOO_LARGE: 413,
  /** An uploaded bundle is not a gzip tarball in the bundle format: truncated, failing a checksum, a second gzip member, trailing bytes, gzip flags or mtime set. */
  BUNDLE_CORRUPT: 400,
  /** An entry of an uploaded bundle has an unsafe path: absolute, `..`, backslash, colon, control character, empty segment, or a duplicate. */
  BUNDLE_PATH_UNSAFE: 400,
  /** An uploaded bundle holds a symlink, hardlink, device, fifo or any entry that is not a file or folder. */
  BUNDLE_LINK: 400,
  /** An uploaded bundle's manifest.json is missing, not the first entry, not JSON, or not the manifest schema; `details` lists the problems. */
  BUNDLE_MANIFEST_INVALID: 400,
  /** An uploaded bundle's manifest is not signed by the key its own app DID names. */
  BUNDLE_SIGNATURE_INVALID: 400,
  /** A file of an uploaded bundle differs from the signed manifest (size or sha256), is missing, or is not listed. */
  BUNDLE_FILE_MISMATCH: 400,
  /** An uploaded bundle's sha512 is not the integrity it was announced with. */
  BUNDLE_INTEGRITY_MISMATCH: 400,
  /** The upload names an app (first upload of its DID) whose name another app already holds, in any letter case. */
  APP_NAME_TAKEN: 409,
  /** The app belongs to another developer: only the developer its first upload bound it to may upload, publish or manage it. */
  APP_NOT_OWNED: 403,
  /** An upload's version is not greater (semver) than the app's latest uploaded version, or a version to publish is not greater than the published one. */
  VERSION_NOT_GREATER: 409,
  /** A Store admin blocked the app ("app has been blocked by store admin"): it takes no new versions and publishes nothing. */
  APP_BLOCKED: 403,
  /** The app has a version pending review, in review or approved, and needs a review: finish or cancel that review before uploading another version. */
  APP_IN_REVIEW: 409,
  /** The app version's review status does not allow this action (the message names the status and the one asked for); rejected and cancelled are final. */
  VERSION_STATE_INVALID: 409,
  /** The CLI connect session is unknown, past its 10 minutes, already decided or already collected, or the poll secret is wrong ("Invalid Session": run the connect command again). */
  CONNECT_SESSION_INVALID: 410,
  /** The Payment Kit has no active currency of this id or symbol in the platform's mode (a Store stake's currency, say). */
  CURRENCY_UNKNOWN: 400,
  /** The Store admits developers by invitation, not by staking: `/join` is closed. */
  STAKING_CLOSED: 409,
  /** A Store developer asked to leave and have their stake back, but holds no stake (they joined by invitation, or it was returned or slashed). */
  STAKE_NOT_HELD: 409,
  /** A user posted as many comments on app pages as allowed in a minute (5) or a day (50); `Retry-After` says when the next is taken. */
  COMMENT_RATE_LIMITED: 429,
  /** The app is free (its published version has no price): there is nothing to buy. */
  APP_NOT_FOR_SALE: 409,
  /** The signed-in visitor already holds an active licence for this app, or owns it. */
  ALREADY_PURCHASED: 409,
  /** A paid app's bundle: sign in as a buyer, or present a valid, unrevoked licence in `X-Bazaar-Licence`. */
  LICENCE_REQUIRED: 402,
  /** An app's instance report is not signed by the app's key, names another app, or is too far from the Store's clock. */
  INSTANCE_REPORT_INVALID: 400,
  /** An unexpected failure; the message is generic and the cause is logged. */
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const errorDetailSchema = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** The one shape every API error has on the wire. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return errorEnvelopeSchema.safeParse(value).success;
}
