import { updateProfileBodySchema, type SessionUser } from '@bazaar/schemas';
import { Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLocale } from '@bazaar/platform-shell';
import { saveFullName } from './profile-api.ts';
import { ProfileNoticeAlert } from './profile-notice.tsx';
import { useProfileChange } from './use-profile-change.ts';

interface NameEditorProps {
  user: SessionUser;
  onSaved(user: SessionUser): void;
}

/** The user's name, editable, checked by the same schema the server checks it with. */
export function NameEditor({ user, onSaved }: NameEditorProps) {
  const { t } = useLocale();
  const [fullName, setFullName] = useState(user.fullName);
  const [isInvalid, setIsInvalid] = useState(false);
  const { isPending, notice, run } = useProfileChange(onSaved);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = updateProfileBodySchema.safeParse({ fullName });
    setIsInvalid(!parsed.success);
    if (!parsed.success) return;
    setFullName(parsed.data.fullName);
    await run(() => saveFullName(parsed.data.fullName), 'store.profile.name.saved');
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('store.profile.name.label')}
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
          error={isInvalid}
          helperText={isInvalid ? t('store.profile.name.invalid') : undefined}
          size="small"
          sx={{ flexGrow: 1, maxWidth: 420 }}
        />
        <Button type="submit" variant="contained" disabled={isPending}>
          {t('store.profile.name.save')}
        </Button>
      </Stack>
      <ProfileNoticeAlert notice={notice} />
    </Stack>
  );
}
