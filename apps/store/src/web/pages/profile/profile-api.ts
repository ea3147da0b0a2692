import { callUserService, type UserServiceError } from '@bazaar/platform-shell';
import {
  avatarRefusalSchema,
  profileResponseSchema,
  type AvatarRefusal,
  type SessionUser,
} from '@bazaar/schemas';

/** Why an avatar upload was refused, when it was (see `avatarRefusalSchema`). */
export function avatarRefusal(error: UserServiceError): AvatarRefusal | null {
  const parsed = avatarRefusalSchema.safeParse(error.code);
  return parsed.success ? parsed.data : null;
}

export async function saveFullName(fullName: string): Promise<SessionUser> {
  return profileResponseSchema.parse(await callUserService('PUT', '/profile', { fullName })).user;
}

/** Uploads a picture given as a data URL (`data:image/png;base64,…`). */
export async function uploadAvatar(image: string): Promise<SessionUser> {
  return profileResponseSchema.parse(await callUserService('PUT', '/avatar', { image })).user;
}

export async function removeAvatar(): Promise<SessionUser> {
  return profileResponseSchema.parse(await callUserService('DELETE', '/avatar')).user;
}
