import type { SessionUser } from '@bazaar/schemas';
import { Avatar, Button, Stack, Typography } from '@mui/material';
import type { ChangeEvent } from 'react';
import { useLocale } from '@bazaar/platform-shell';
import { AVATAR_ACCEPT, checkAvatarFile, readAsDataUrl, refusedLocally } from './avatar-file.ts';
import { removeAvatar, uploadAvatar } from './profile-api.ts';
import { ProfileNoticeAlert } from './profile-notice.tsx';
import { useProfileChange } from './use-profile-change.ts';

const AVATAR_SHOWN_PX = 96;

/** The avatar address drawn at `size`; the session's address carries `?v=` once a picture is uploaded. */
function avatarAt(avatar: string, size: number): string {
  return `${avatar}${avatar.includes('?') ? '&' : '?'}size=${size}`;
}

/** Only an uploaded picture's address is versioned (`?v=`); an identicon has nothing to remove. */
function hasUploadedPicture(avatar: string): boolean {
  return /[?&]v=/.test(avatar);
}

interface AvatarEditorProps {
  user: SessionUser;
  onSaved(user: SessionUser): void;
}

/** The user's picture, large, with Upload (checked here first) and Remove. */
export function AvatarEditor({ user, onSaved }: AvatarEditorProps) {
  const { t } = useLocale();
  const { isPending, notice, run, fail } = useProfileChange(onSaved);

  async function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again after a refusal still fires a change.
    event.target.value = '';
    if (!file) return;
    const refusal = checkAvatarFile(file);
    if (refusal) return fail(refusedLocally(refusal));
    await run(async () => uploadAvatar(await readAsDataUrl(file)), 'store.profile.avatar.uploaded');
  }

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
        <Avatar
          src={avatarAt(user.avatar, AVATAR_SHOWN_PX * 2)}
          alt={t('store.profile.avatar.alt')}
          sx={{ width: AVATAR_SHOWN_PX, height: AVATAR_SHOWN_PX }}
        />
        <Stack spacing={1}>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" component="label" disabled={isPending}>
              {t('store.profile.avatar.upload')}
              <input hidden type="file" accept={AVATAR_ACCEPT} onChange={onFileChosen} />
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={isPending || !hasUploadedPicture(user.avatar)}
              onClick={() => run(removeAvatar, 'store.profile.avatar.removed')}
            >
              {t('store.profile.avatar.remove')}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('store.profile.avatar.hint')}
          </Typography>
        </Stack>
      </Stack>
      <ProfileNoticeAlert notice={notice} />
    </Stack>
  );
}
