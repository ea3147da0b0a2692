import { createHash } from 'node:crypto';
import { AVATAR_MAX_BYTES, type AvatarRefusal, type SessionUser } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import { toSvg } from 'jdenticon';
import { normaliseAvatarImage } from './avatar-image.ts';
import {
  deleteAvatarImage,
  findAvatarImage,
  saveAvatarImage,
  setUserAvatarVersion,
  type UserServiceDb,
} from './repository.ts';
import { toSessionUser, type UserServiceDeps } from './service.ts';

export const AVATAR_DEFAULT_SIZE = 80;
export const AVATAR_MAX_SIZE = 512;

/** A stable identicon for a DID, so every user has a picture before uploading one. */
export function renderIdenticon(did: string, size: number): string {
  return toSvg(did, size);
}

/** The error a refused upload answers, under its own code so pages can word it. */
export function refuseAvatar(refusal: AvatarRefusal): AppError {
  const message =
    refusal === 'AVATAR_TOO_LARGE'
      ? `The picture is larger than ${AVATAR_MAX_BYTES / 1024 / 1024} MB`
      : 'The file is not a PNG, JPEG, WebP or GIF picture';
  return new AppError(refusal, message);
}

/** What a browser's `FileReader.readAsDataURL` gives for a picture of AVATAR_CONTENT_TYPES. */
const DATA_URL = /^data:image\/(?:png|jpeg|webp|gif);base64,([A-Za-z0-9+/]*={0,2})$/;

function signedInAccountGone(): AppError {
  return new AppError('UNAUTHENTICATED', 'The signed-in account no longer exists');
}

/**
 * Takes a signed-in user's new picture (a base64 data URL), normalised as avatar-image.ts says. The version is a digest of the stored bytes, so the
 * same picture uploaded again keeps its address and a different one never reuses one. The
 * user's version and the bytes change in one transaction: no node serves a version without its
 * picture.
 */
export async function saveAvatar(
  deps: Pick<UserServiceDeps, 'db' | 'clock'>,
  input: { userDid: string; image: string },
): Promise<SessionUser> {
  const base64 = DATA_URL.exec(input.image)?.[1];
  if (base64 === undefined) throw refuseAvatar('AVATAR_INVALID');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > AVATAR_MAX_BYTES) throw refuseAvatar('AVATAR_TOO_LARGE');
  const image = await normaliseAvatarImage(bytes);
  if (!image) throw refuseAvatar('AVATAR_INVALID');
  const version = createHash('sha256').update(image).digest('base64url').slice(0, 16);
  return deps.db.transaction().execute(async (trx) => {
    const user = await setUserAvatarVersion(trx, input.userDid, version);
    if (!user) throw signedInAccountGone();
    await saveAvatarImage(trx, { did: user.did, image, version, updated_at: deps.clock.now() });
    return toSessionUser(user);
  });
}

/** Removes the signed-in user's picture; their identicon shows again. */
export async function removeAvatar(deps: Pick<UserServiceDeps, 'db'>, userDid: string): Promise<SessionUser> {
  return deps.db.transaction().execute(async (trx) => {
    await deleteAvatarImage(trx, userDid);
    const user = await setUserAvatarVersion(trx, userDid, null);
    if (!user) throw signedInAccountGone();
    return toSessionUser(user);
  });
}

export type AvatarPicture =
  { kind: 'uploaded'; image: Buffer; version: string } | { kind: 'identicon'; svg: string };

/**
 * What `/avatar/{did}` shows: the uploaded picture, or else the DID's identicon. Only the
 * avatars table is read, so a DID that is nobody's and a user without a picture look the same.
 */
export async function findAvatarPicture(
  db: UserServiceDb,
  input: { did: string; size: number },
): Promise<AvatarPicture> {
  const uploaded = await findAvatarImage(db, input.did);
  if (!uploaded) return { kind: 'identicon', svg: renderIdenticon(input.did, input.size) };
  return { kind: 'uploaded', image: uploaded.image, version: uploaded.version };
}
