import { useLocale } from '@bazaar/platform-shell';
import type { SessionUser } from '@bazaar/schemas';
import { Card, CardContent, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { AccountDetails } from './account-details.tsx';
import { AvatarEditor } from './avatar-editor.tsx';
import { InvoicesSection } from './invoices-section.tsx';
import { NameEditor } from './name-editor.tsx';
import { PurchasedAppsSection } from './purchased-apps-section.tsx';
import { useProfileUser, type ProfileView } from './use-profile-user.ts';

/** The signed-in user's profile at `/profile`: picture, name, what the account is, and what they bought. */
export function ProfilePage() {
  const { t } = useLocale();
  const { view, onSaved } = useProfileUser();
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Stack spacing={0.5}>
        <Typography sx={{ fontWeight: 700 }} variant="h4" component="h1">
          {t('store.profile.title')}
        </Typography>
        <Typography color="text.secondary">{t('store.profile.subtitle')}</Typography>
      </Stack>
      <ProfileBody view={view} onSaved={onSaved} />
    </Stack>
  );
}

interface ProfileBodyProps {
  view: ProfileView;
  onSaved(user: SessionUser): void;
}

function ProfileBody({ view, onSaved }: ProfileBodyProps) {
  const { t } = useLocale();
  switch (view.state) {
    case 'loading':
      return <CircularProgress aria-label={t('common.loading')} />;
    case 'signedOut':
      return <SignInPrompt message="store.profile.error.signedOut" severity="warning" />;
    case 'ready':
      return (
        <>
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={3} divider={<Divider flexItem />}>
                <AvatarEditor user={view.user} onSaved={onSaved} />
                <NameEditor user={view.user} onSaved={onSaved} />
                <AccountDetails user={view.user} />
              </Stack>
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={3} divider={<Divider flexItem />}>
                <PurchasedAppsSection />
                <InvoicesSection />
              </Stack>
            </CardContent>
          </Card>
        </>
      );
  }
}
