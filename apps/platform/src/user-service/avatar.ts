import { toSvg } from 'jdenticon';

export const AVATAR_DEFAULT_SIZE = 80;
export const AVATAR_MAX_SIZE = 512;

/** A stable identicon for a DID, so every user has a picture before uploading one. */
export function renderIdenticon(did: string, size: number): string {
  return toSvg(did, size);
}
