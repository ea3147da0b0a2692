import {
  COMPONENT_IDS,
  licenceClaimsSchema,
  type LicenceClaims,
  type LicencePublicKey,
} from '@bazaar/schemas';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import type { StoreDb } from '../../db/tables.ts';
import type { StoreDeps } from '../../deps.ts';
import { findSigningKeyRow, insertSigningKeyRowIfMissing } from './repository.ts';

const KEY_ID = 'licence';
const ALGORITHM = 'EdDSA';

interface LicenceKey {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: LicencePublicKey['jwk'];
}

/**
 * One key per database signs every licence, so a licence from any node verifies on every
 * other: the first node to need it writes it, later ones (and racing ones) read that one. Kept
 * per database handle once imported, since a download checks a licence on every request.
 */
const keys = new WeakMap<StoreDb, Promise<LicenceKey>>();

export function licenceKey(deps: Pick<StoreDeps, 'db' | 'clock'>): Promise<LicenceKey> {
  let key = keys.get(deps.db);
  if (!key) {
    key = loadOrCreateKey(deps);
    keys.set(deps.db, key);
    key.catch(() => keys.delete(deps.db));
  }
  return key;
}

async function loadOrCreateKey(deps: Pick<StoreDeps, 'db' | 'clock'>): Promise<LicenceKey> {
  let row = await findSigningKeyRow(deps.db, KEY_ID);
  if (!row) {
    const pair = await generateKeyPair(ALGORITHM, { crv: 'Ed25519', extractable: true });
    await insertSigningKeyRowIfMissing(deps.db, {
      id: KEY_ID,
      private_jwk: JSON.stringify(await exportJWK(pair.privateKey)),
      public_jwk: JSON.stringify(await exportJWK(pair.publicKey)),
      created_at: deps.clock.now(),
    });
    row = (await findSigningKeyRow(deps.db, KEY_ID))!;
  }
  const publicJwk = JSON.parse(row.public_jwk) as JWK;
  return {
    privateKey: (await importJWK(JSON.parse(row.private_jwk) as JWK, ALGORITHM)) as CryptoKey,
    publicKey: (await importJWK(publicJwk, ALGORITHM)) as CryptoKey,
    publicJwk: { kty: 'OKP', crv: 'Ed25519', x: publicJwk.x! },
  };
}

/** The receipt a buyer presents: a JWT the Store signs, naming the app, the buyer and the versions. */
export async function signLicence(key: LicenceKey, claims: Omit<LicenceClaims, 'iss'>): Promise<string> {
  return new SignJWT({ app: claims.app, versions: claims.versions })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid: KEY_ID })
    .setIssuer(COMPONENT_IDS.store)
    .setSubject(claims.sub)
    .setIssuedAt(claims.iat)
    .setJti(claims.jti)
    .sign(key.privateKey);
}

/** The claims of a licence this Store signed, or null for anything else (forged, altered, malformed). */
export async function verifyLicence(key: LicenceKey, token: string): Promise<LicenceClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: [ALGORITHM],
      issuer: COMPONENT_IDS.store,
    });
    const claims = licenceClaimsSchema.safeParse(payload);
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}

/** `GET /api/licences/public-key`: what anyone verifies the Store's licences with. */
export async function licencePublicKey(deps: Pick<StoreDeps, 'db' | 'clock'>): Promise<LicencePublicKey> {
  return { issuer: COMPONENT_IDS.store, jwk: (await licenceKey(deps)).publicJwk };
}
