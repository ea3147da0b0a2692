import { ListPagination } from '@bazaar/payment-react';
import { useLocale } from '@bazaar/platform-shell';
import type { AccessToken, CreateAccessTokenResponse } from '@bazaar/schemas';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { LoadFailed, Loading } from '../../components/query-state.tsx';
import { usePaging } from '../../components/use-paging.ts';
import { AccessTokenTable } from './access-token-table.tsx';
import { CreateTokenDialog } from './create-token-dialog.tsx';
import { DeleteTokenDialog } from './delete-token-dialog.tsx';
import { TokenSecretDialog } from './token-secret-dialog.tsx';
import { useAccessTokens } from './use-access-tokens.ts';

/** At most one dialog at a time; the new secret lives here only until "Done". */
type TokenDialog =
  | { kind: 'create' }
  | { kind: 'secret'; created: CreateAccessTokenResponse }
  | { kind: 'delete'; token: AccessToken };

/** An enabled developer's tokens: the list a page at a time, "New token", and deleting one. */
export function AccessTokensSection() {
  const { t } = useLocale();
  const [dialog, setDialog] = useState<TokenDialog | null>(null);
  const paging = usePaging();
  const tokens = useAccessTokens(paging.page + 1, paging.pageSize);
  const close = () => setDialog(null);

  return (
    <Stack spacing={2}>
      <Box>
        <Button variant="contained" onClick={() => setDialog({ kind: 'create' })}>
          {t('store.developer.tokens.create.action')}
        </Button>
      </Box>
      {!tokens.data ? (
        tokens.error ? (
          <LoadFailed error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : (
          <Loading />
        )
      ) : tokens.data.count === 0 ? (
        <Typography color="text.secondary">{t('store.developer.tokens.empty')}</Typography>
      ) : (
        <>
          <AccessTokenTable
            tokens={tokens.data.list}
            isBusy={tokens.isPlaceholderData}
            onDelete={(token) => setDialog({ kind: 'delete', token })}
          />
          <ListPagination
            t={t}
            count={tokens.data.count}
            page={paging.page}
            pageSize={paging.pageSize}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.setPageSize}
          />
        </>
      )}
      {dialog?.kind === 'create' ? (
        <CreateTokenDialog onClose={close} onCreated={(created) => setDialog({ kind: 'secret', created })} />
      ) : null}
      {dialog?.kind === 'secret' ? (
        <TokenSecretDialog
          name={dialog.created.accessToken.name}
          token={dialog.created.token}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'delete' ? <DeleteTokenDialog token={dialog.token} onClose={close} /> : null}
    </Stack>
  );
}
