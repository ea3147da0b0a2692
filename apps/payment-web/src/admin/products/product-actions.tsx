import { useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminProduct } from '@bazaar/schemas';
import { useUpdateProduct } from '../api/use-products.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { saveFailureText } from '../components/api-form-errors.ts';
import { ArchiveDialog } from '../components/archive-dialog.tsx';
import { ProductForm } from './product-form.tsx';

/** Edit a product's fields; archive it (after saying what that means) or restore it. */
export function ProductActions({ product }: { product: AdminProduct }) {
  const t = useTranslate();
  const updateProduct = useUpdateProduct(product.id);
  const [openDialog, setOpenDialog] = useState<'edit' | 'archive' | null>(null);
  const close = () => {
    setOpenDialog(null);
    updateProduct.reset();
  };

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
      <ArchiveDialog
        title={t('payment.admin.product.archive')}
        consequence={t('payment.admin.product.archiveConfirm')}
        isOpen={openDialog === 'archive'}
        isPending={updateProduct.isPending}
        failure={saveFailureText(updateProduct.error, t)}
        onConfirm={() => updateProduct.mutate({ active: false }, { onSuccess: close })}
        onClose={close}
      />
    </>
  );
}
