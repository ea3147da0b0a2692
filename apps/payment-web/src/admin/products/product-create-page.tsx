import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import { useCreateProduct } from '../api/use-products.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { ProductForm } from './product-form.tsx';

/** `/admin/products/new`: a product is created first, then priced on its own page. */
export function ProductCreatePage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const createProduct = useCreateProduct();
  return (
    <>
      <Button component={RouterLink} to=".." relative="path" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('payment.admin.products.title')}
      </Button>
      <AdminPageHeading title={t('payment.admin.product.createTitle')} />
      <ProductForm
        onSubmit={async (body) => {
          const product = await createProduct.mutateAsync(body);
          await navigate(`../${product.id}`, { relative: 'path' });
        }}
      />
    </>
  );
}
