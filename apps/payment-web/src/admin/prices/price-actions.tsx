import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentCurrency, AdminPrice } from '@bazaar/schemas';
import { useUpdatePrice } from '../api/use-prices.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { saveFailureText } from '../components/api-form-errors.ts';
import { ArchiveDialog } from '../components/archive-dialog.tsx';
import { PriceEditForm } from './price-edit-form.tsx';

interface PriceActionsProps {
  price: AdminPrice;
  productPrices: AdminPrice[];
  currencies: AdminPaymentCurrency[];
}

/** A price's row actions: edit its sale terms; archive it (after saying what that stops) or restore it. */
export function PriceActions({ price, productPrices, currencies }: PriceActionsProps) {
  const t = useTranslate();
  const updatePrice = useUpdatePrice(price.id);
  const [openDialog, setOpenDialog] = useState<'edit' | 'archive' | null>(null);
  const close = () => {
    setOpenDialog(null);
    updatePrice.reset();
  };

  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button size="small" onClick={() => setOpenDialog('edit')}>
        {t('payment.admin.price.edit')}
      </Button>
      {price.active ? (
        <Button size="small" color="error" onClick={() => setOpenDialog('archive')}>
          {t('payment.admin.price.archive')}
        </Button>
      ) : (
        <Button
          size="small"
          loading={updatePrice.isPending}
          onClick={() => updatePrice.mutate({ active: true })}
        >
          {t('payment.admin.price.unarchive')}
        </Button>
      )}
      <AdminDialog title={t('payment.admin.price.editTitle')} isOpen={openDialog === 'edit'} onClose={close}>
        <PriceEditForm
          price={price}
          productPrices={productPrices}
          currencies={currencies}
          onSaved={close}
          onCancel={close}
        />
      </AdminDialog>
      <ArchiveDialog
        title={t('payment.admin.price.archive')}
        consequence={t('payment.admin.price.archiveConfirm')}
        isOpen={openDialog === 'archive'}
        isPending={updatePrice.isPending}
        failure={saveFailureText(updatePrice.error, t)}
        onConfirm={() => updatePrice.mutate({ active: false }, { onSuccess: close })}
        onClose={close}
      />
    </Stack>
  );
}
