import { useLocale } from '@bazaar/platform-shell';
import type { AccessToken } from '@bazaar/schemas';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { DataTable, type DataColumn } from '../../components/data-table.tsx';
import { formatDateTime } from '../../components/format-date.ts';

/** Whether a token still works, and if not, why: revoked wins over expired. */
function AccessTokenStateChip({ token }: { token: AccessToken }) {
  const { t } = useLocale();
  if (token.isRevoked) return <Chip size="small" label={t('store.developer.tokens.state.revoked')} />;
  if (token.isExpired)
    return <Chip size="small" color="warning" label={t('store.developer.tokens.state.expired')} />;
  return <Chip size="small" color="success" label={t('store.developer.tokens.state.active')} />;
}

interface AccessTokenTableProps {
  tokens: AccessToken[];
  isBusy: boolean;
  onDelete(token: AccessToken): void;
}

/** The developer's tokens: name, scopes, dates, last use and state; a live one may be deleted. */
export function AccessTokenTable({ tokens, isBusy, onDelete }: AccessTokenTableProps) {
  const { t } = useLocale();
  const columns: Array<DataColumn<AccessToken>> = [
    {
      id: 'name',
      label: t('store.developer.tokens.column.name'),
      render: (token) => <Typography sx={{ fontWeight: 600 }}>{token.name}</Typography>,
    },
    {
      id: 'scopes',
      label: t('store.developer.tokens.column.scopes'),
      render: (token) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {token.scopes.map((scope) => (
            <Chip
              key={scope}
              size="small"
              variant="outlined"
              label={t(`store.developer.tokens.scope.${scope}`)}
            />
          ))}
        </Stack>
      ),
    },
    {
      id: 'created',
      label: t('store.developer.tokens.column.created'),
      render: (token) => formatDateTime(token.createdAt),
      isNoWrap: true,
    },
    {
      id: 'expires',
      label: t('store.developer.tokens.column.expires'),
      render: (token) => formatDateTime(token.expiresAt),
      isNoWrap: true,
    },
    {
      id: 'lastUsed',
      label: t('store.developer.tokens.column.lastUsed'),
      render: (token) =>
        token.lastUsedAt === null ? (
          <Typography variant="body2" color="text.secondary">
            {t('store.developer.tokens.neverUsed')}
          </Typography>
        ) : (
          formatDateTime(token.lastUsedAt)
        ),
      isNoWrap: true,
    },
    {
      id: 'state',
      label: t('store.developer.tokens.column.state'),
      render: (token) => <AccessTokenStateChip token={token} />,
    },
  ];
  return (
    <DataTable
      label={t('store.developer.tokens.title')}
      columns={columns}
      rows={tokens}
      rowKey={(token) => token.id}
      isBusy={isBusy}
      actionsLabel={t('store.table.actions')}
      actions={(token) =>
        token.isRevoked ? null : (
          <Button
            size="small"
            color="error"
            onClick={() => onDelete(token)}
            aria-label={t('store.developer.tokens.delete.labelFor', { name: token.name })}
          >
            {t('store.developer.tokens.delete.action')}
          </Button>
        )
      }
    />
  );
}
