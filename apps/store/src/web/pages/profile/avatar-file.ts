import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, type AvatarRefusal } from '@bazaar/schemas';
import { UserServiceError } from '@bazaar/platform-shell';

/** What the file input offers to choose: the kinds the user service takes. */
export const AVATAR_ACCEPT = AVATAR_CONTENT_TYPES.join(',');

/**
 * Why the chosen file would be refused, checked before a byte is sent (a 20 MB photo is not
 * uploaded only to be turned away), or null when it may go. The server decodes it all the same.
 */
export function checkAvatarFile(file: File): AvatarRefusal | null {
  if (file.size > AVATAR_MAX_BYTES) return 'AVATAR_TOO_LARGE';
  if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'AVATAR_INVALID';
  return null;
}

/** A refusal made here, shaped as the server's, so the page words both alike. */
export function refusedLocally(refusal: AvatarRefusal): UserServiceError {
  return new UserServiceError(refusal, refusal);
}

/** The file as a data URL (`data:image/png;base64,…`), the form `PUT /avatar` takes. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
