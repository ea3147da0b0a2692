import type { MessageKey } from '@bazaar/i18n';
import { useLocale } from '@bazaar/platform-shell';
import {
  createInvitationBodySchema,
  INVITATION_NOTE_MAX_LENGTH,
  type CreateInvitationResponse,
} from '@bazaar/schemas';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { hasStoreErrorCode } from '../../../api/store-api.ts';
import { apiErrorText } from '../../../components/api-error-text.ts';
import { issuesByField } from '../../../components/form-issues.ts';
import { useCreateInvitation } from './use-invitations.ts';

/** An invitation names its invitee by the email they sign in with, or by their DID. */
type InviteeKind = 'email' | 'did';

const INVITEE_TEXTS: Record<InviteeKind, { label: MessageKey; invalid: MessageKey }> = {
  email: { label: 'store.console.invitations.field.email', invalid: 'store.console.invitations.error.email' },
  did: { label: 'store.console.invitations.field.did', invalid: 'store.console.invitations.error.did' },
};

interface InviteErrors {
  invitee?: string;
  note?: string;
}

/** Invites a person by email or DID, with a note for them; the link comes back once. */
export function InviteForm({ onCreated }: { onCreated(created: CreateInvitationResponse): void }) {
  const { t } = useLocale();
  const [kind, setKind] = useState<InviteeKind>('email');
  const [invitee, setInvitee] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<InviteErrors>({});
  const create = useCreateInvitation();
  const isAlreadyDeveloper = hasStoreErrorCode(create.error, 'ALREADY_DEVELOPER');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = createInvitationBodySchema.safeParse({
      [kind]: invitee.trim(),
      note: note.trim() === '' ? undefined : note,
    });
    if (!parsed.success) {
      const issues = issuesByField(parsed.error);
      setErrors({
        invitee: issues[kind] || issues.email ? t(INVITEE_TEXTS[kind].invalid) : undefined,
        note: issues.note ? t('store.form.noLongerThan', { number: INVITATION_NOTE_MAX_LENGTH }) : undefined,
      });
      return;
    }
    setErrors({});
    try {
      onCreated(await create.mutateAsync(parsed.data));
    } catch {
      // Shown below (or at the field) from the mutation's error.
    }
  }

  const inviteeError =
    errors.invitee ??
    (isAlreadyDeveloper ? t('store.console.invitations.error.alreadyDeveloper') : undefined);
  return (
    <Card variant="outlined" component="section">
      <CardContent>
        <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 600 }}>
            {t('store.console.invitations.invite.title')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={kind}
            onChange={(_event, next: InviteeKind | null) => {
              if (next) setKind(next);
            }}
            aria-label={t('store.console.invitations.invite.by')}
          >
            <ToggleButton value="email">{t('store.console.invitations.invite.byEmail')}</ToggleButton>
            <ToggleButton value="did">{t('store.console.invitations.invite.byDid')}</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            label={t(INVITEE_TEXTS[kind].label)}
            type={kind === 'email' ? 'email' : 'text'}
            value={invitee}
            onChange={(event) => setInvitee(event.target.value)}
            error={Boolean(inviteeError)}
            helperText={inviteeError}
            required
            fullWidth
          />
          <TextField
            label={t('store.console.invitations.field.note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={Boolean(errors.note)}
            helperText={errors.note ?? t('store.console.invitations.field.noteHint')}
            multiline
            minRows={2}
            fullWidth
          />
          {create.error && !isAlreadyDeveloper ? (
            <Alert severity="error">{apiErrorText(t, create.error)}</Alert>
          ) : null}
          <Box>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              {t('store.console.invitations.invite.submit')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
