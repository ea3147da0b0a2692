import type { MessageKey } from '@bazaar/i18n';
import { StatusPanel } from '@bazaar/payment-react';
import { useLocale } from '@bazaar/platform-shell';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { StoreApiError } from '../api/store-api.ts';

export type ErrorPageStatus = 400 | 403 | 404 | 500;

/** The spec's texts for a page that cannot be shown. */
const ERROR_PAGE_TEXTS: Record<ErrorPageStatus, MessageKey> = {
  400: 'store.error.400',
  403: 'platform.shell.forbidden',
  404: 'store.error.404',
  500: 'store.error.500',
};

/**
 * The page a failed read leads to: the refusal's own (404, 403; a signed-out 401 is a 403 to a
 * visitor), any other refusal a 400, and everything else, an unreachable server included, a 500.
 */
export function errorPageStatus(error: unknown): ErrorPageStatus {
  if (!(error instanceof StoreApiError)) return 500;
  if (error.status === 404) return 404;
  if (error.status === 401 || error.status === 403) return 403;
  if (error.status >= 400 && error.status < 500) return 400;
  return 500;
}

interface ErrorPageProps {
  status: ErrorPageStatus;
  /** What to say instead of the status's text, when the page knows better ("app has been blocked …"). */
  description?: string;
}

/** A page that cannot be shown: its status, the spec's text for it and the way back to the store. */
export function ErrorPage({ status, description }: ErrorPageProps) {
  const { t } = useLocale();
  return (
    <StatusPanel title={String(status)} description={description ?? t(ERROR_PAGE_TEXTS[status])}>
      <Button component={RouterLink} to="/" variant="contained">
        {t('store.backHome')}
      </Button>
    </StatusPanel>
  );
}
