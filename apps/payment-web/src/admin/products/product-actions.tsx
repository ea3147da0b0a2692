import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminProduct } from '@bazaar/schemas';
import { useUpdateProduct } from '../api/use-products.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { ProductForm } from './product-form.tsx';

/** Edit a product's fields; archive it (after saying what that means) or restore it. */
export function ProductActions({ product }: { product: AdminProduct }) {
  const t = useTranslate();
  const updateProduct = useUpdateProduct(product.id);
  const [openDialog, setOpenDialog] = useState<'edit' | 'archive' | null>(null);
  const close = () => setOpenDialog(null);

  return (
    <>
      <Button variant="outlined" onClick={() => setOpenDialog('edit')}>
        {t('payment.admin.product.edit')}
      </Button>
      {product.active ? (
        <Button variant="outlined" color="error" onClick={() => setOpenDialog('archive')}>
          {t('payment.admin.product.archive')}
        </Button>
      ) : (
        <Button
          variant="outlined"
          loading={updateProduct.isPending}
          onClick={() => updateProduct.mutate({ active: true })}
        >
          {t('payment.admin.product.unarchive')}
        </Button>
      )}
      <AdminDialog
        title={t('payment.admin.product.editTitle')}
        isOpen={openDialog === 'edit'}
        onClose={close}
      >
        <ProductForm
          product={product}
          onCancel={close}
          onSubmit={async (body) => {
            await updateProduct.mutateAsync(body);
            close();
          }}
        />
      </AdminDialog>
      <AdminDialog
        title={t('payment.admin.product.archive')}
        isOpen={openDialog === 'archive'}
        onClose={close}
      >
        <Stack spacing={2}>
          <Typography>{t('payment.admin.product.archiveConfirm')}</Typography>
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              color="error"
              loading={updateProduct.isPending}
              onClick={() => updateProduct.mutate({ active: false }, { onSuccess: close })}
            >
              {t('payment.admin.product.archive')}
            </Button>
            <Button onClick={close}>{t('common.cancel')}</Button>
          </Stack>
        </Stack>
      </AdminDialog>
    </>
  );
}
