import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslate } from '@bazaar/payment-react';
import { isChainMethodType, type AdminPaymentMethod, type PaymentCurrency } from '@bazaar/schemas';
import {
  useCreatePaymentCurrency,
  useUpdatePaymentCurrency,
  useUpdatePaymentMethod,
} from '../api/use-payment-methods.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { OwnedRow, OwnedRows } from '../customers/owned-row.tsx';
import { CurrencyForm } from './currency-form.tsx';

function CurrencyRow({ method, currency }: { method: AdminPaymentMethod; currency: PaymentCurrency }) {
  const t = useTranslate();
  const update = useUpdatePaymentCurrency(currency.id);
  const updateMethod = useUpdatePaymentMethod(method.id);
  const [isEditing, setIsEditing] = useState(false);
  const isDefault = method.default_currency_id === currency.id;
  return (
    <OwnedRow>
      <Stack sx={{ flex: 1, minWidth: 160 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {currency.symbol}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {currency.name}
          </Typography>
          {isDefault ? (
            <Chip size="small" variant="outlined" label={t('payment.admin.currency.default')} />
          ) : null}
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {[`${t('payment.admin.currency.decimal')} ${currency.decimal}`, currency.contract]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Stack>
      {isDefault || !currency.active ? null : (
        <Button
          size="small"
          loading={updateMethod.isPending}
          onClick={() => updateMethod.mutate({ default_currency_id: currency.id })}
          aria-label={t('payment.admin.currency.makeDefaultOf', { symbol: currency.symbol })}
        >
          {t('payment.admin.currency.makeDefault')}
        </Button>
      )}
      <Switch
        size="small"
        checked={currency.active}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ active: event.target.checked })}
        slotProps={{
          input: { 'aria-label': t('payment.admin.currency.activeOf', { symbol: currency.symbol }) },
        }}
      />
      <IconButton
        size="small"
        aria-label={t('payment.admin.currency.edit', { symbol: currency.symbol })}
        onClick={() => setIsEditing(true)}
      >
        <EditOutlined fontSize="small" />
      </IconButton>
      <AdminDialog
        title={t('payment.admin.currency.editTitle', { symbol: currency.symbol })}
        isOpen={isEditing}
        onClose={() => setIsEditing(false)}
        maxWidth="xs"
      >
        <CurrencyForm
          currency={currency}
          hasContract={isChainMethodType(method.type)}
          onCancel={() => setIsEditing(false)}
          onSubmit={async (body) => {
            // The form keeps no precision of its own: a currency's new decimals are its precision too.
            const precision = body.decimal === currency.decimal ? {} : { maximum_precision: body.decimal };
            await update.mutateAsync({ ...body, ...precision });
            setIsEditing(false);
          }}
        />
      </AdminDialog>
    </OwnedRow>
  );
}

/** A method's currencies (tokens on a chain): each switched on or off and edited, and new ones added. */
export function MethodCurrencies({ method }: { method: AdminPaymentMethod }) {
  const t = useTranslate();
  const create = useCreatePaymentCurrency();
  const [isAdding, setIsAdding] = useState(false);
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2">{t('payment.admin.currencies.title')}</Typography>
        <Button size="small" startIcon={<AddIcon />} onClick={() => setIsAdding(true)}>
          {t('payment.admin.currencies.new')}
        </Button>
      </Stack>
      {method.payment_currencies.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('payment.admin.currencies.empty')}
        </Typography>
      ) : (
        <OwnedRows>
          {method.payment_currencies.map((currency) => (
            <CurrencyRow key={currency.id} method={method} currency={currency} />
          ))}
        </OwnedRows>
      )}
      <AdminDialog
        title={t('payment.admin.currency.createTitle', { method: method.name })}
        isOpen={isAdding}
        onClose={() => setIsAdding(false)}
        maxWidth="xs"
      >
        <CurrencyForm
          hasContract={isChainMethodType(method.type)}
          onCancel={() => setIsAdding(false)}
          onSubmit={async (body) => {
            await create.mutateAsync({ ...body, payment_method_id: method.id, livemode: method.livemode });
            setIsAdding(false);
          }}
        />
      </AdminDialog>
    </Stack>
  );
}
