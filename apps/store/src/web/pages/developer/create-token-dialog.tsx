import { useLocale } from '@bazaar/platform-shell';
import {
  ACCESS_TOKEN_DEFAULT_DAYS,
  ACCESS_TOKEN_NAME_MAX_LENGTH,
  ACCESS_TOKEN_SCOPES,
  ACCESS_TOKENS_PER_DEVELOPER,
  createAccessTokenBodySchema,
  type AccessTokenScope,
  type CreateAccessTokenResponse,
} from '@bazaar/schemas';
import {
  Alert,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { apiErrorText } from '../../components/api-error-text.ts';
import { isMissing, issuesByField } from '../../components/form-issues.ts';
import { ResponsiveDialog } from '../../components/responsive-dialog.tsx';
import { useCreateAccessToken } from './use-access-tokens.ts';

/** How long a new token may live, in days; the server's default (90) is chosen first. */
const TOKEN_LIFETIMES_DAYS = [30, 90, 180, 365] as const;

interface TokenFieldErrors {
  name?: string;
  scopes?: string;
}

interface CreateTokenDialogProps {
  onClose(): void;
  /** The new token with its secret, to show this once. */
  onCreated(created: CreateAccessTokenResponse): void;
}

/** "New token": a name, what it may do, how long it lives; checked with the server's schema first. */
export function CreateTokenDialog({ onClose, onCreated }: CreateTokenDialogProps) {
  const { t } = useLocale();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<AccessTokenScope[]>([...ACCESS_TOKEN_SCOPES]);
  const [expiresInDays, setExpiresInDays] = useState<number>(ACCESS_TOKEN_DEFAULT_DAYS);
  const [errors, setErrors] = useState<TokenFieldErrors>({});
  const create = useCreateAccessToken();

  function toggleScope(scope: AccessTokenScope, isChecked: boolean) {
    setScopes((current) => (isChecked ? [...current, scope] : current.filter((each) => each !== scope)));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = createAccessTokenBodySchema.safeParse({ name, scopes, expiresInDays });
    if (!parsed.success) {
      const issues = issuesByField(parsed.error);
      setErrors({
        name: issues.name
          ? isMissing(issues.name)
            ? t('store.developer.tokens.nameRequired')
            : t('store.form.noLongerThan', { number: ACCESS_TOKEN_NAME_MAX_LENGTH })
          : undefined,
        scopes: issues.scopes ? t('store.developer.tokens.scopesRequired') : undefined,
      });
      return;
    }
    setErrors({});
    try {
      onCreated(await create.mutateAsync(parsed.data));
    } catch {
      // Shown below from the mutation's error.
    }
  }

  return (
    <ResponsiveDialog
      title={t('store.developer.tokens.create.title')}
      isLocked={create.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
      actions={
        <>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('store.developer.tokens.create.submit')}
          </Button>
        </>
      }
    >
      <Stack spacing={3} sx={{ pt: 1 }}>
        <TextField
          label={t('store.developer.tokens.field.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name ?? t('store.developer.tokens.field.nameHint')}
          required
          fullWidth
          autoFocus
        />
        <FormControl error={Boolean(errors.scopes)} component="fieldset">
          <FormLabel component="legend">{t('store.developer.tokens.field.scopes')}</FormLabel>
          <FormGroup>
            {ACCESS_TOKEN_SCOPES.map((scope) => (
              <FormControlLabel
                key={scope}
                control={
                  <Checkbox
                    checked={scopes.includes(scope)}
                    onChange={(event) => toggleScope(scope, event.target.checked)}
                  />
                }
                label={t(`store.developer.tokens.scopeHint.${scope}`)}
              />
            ))}
          </FormGroup>
          {errors.scopes ? <FormHelperText>{errors.scopes}</FormHelperText> : null}
        </FormControl>
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('store.developer.tokens.field.expiry')}</FormLabel>
          <RadioGroup
            row
            value={String(expiresInDays)}
            onChange={(event) => setExpiresInDays(Number(event.target.value))}
          >
            {TOKEN_LIFETIMES_DAYS.map((days) => (
              <FormControlLabel
                key={days}
                value={String(days)}
                control={<Radio />}
                label={t('store.developer.tokens.expiryDays', { days })}
              />
            ))}
          </RadioGroup>
        </FormControl>
        {create.error ? (
          <Alert severity="error">
            {apiErrorText(
              t,
              create.error,
              { TOKEN_LIMIT_REACHED: 'store.developer.tokens.limitReached' },
              { count: ACCESS_TOKENS_PER_DEVELOPER },
            )}
          </Alert>
        ) : null}
      </Stack>
    </ResponsiveDialog>
  );
}
