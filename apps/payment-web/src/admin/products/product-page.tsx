import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { extractErrorText, useTranslate } from '@bazaar/payment-react';
import { useProduct } from '../api/use-products.ts';
import { useCurrencies, usePricesOfProduct } from '../api/use-prices.ts';
import { ActiveChip } from '../components/active-chip.tsx';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { PriceForm } from '../prices/price-form.tsx';
import { PriceTable } from '../prices/price-table.tsx';
import { ProductActions } from './product-actions.tsx';
import { ProductDetails } from './product-details.tsx';

/** `/admin/products/:id`: a product, what may be done to it, and its prices. */
export function ProductPage() {
  const t = useTranslate();
  const { id = '' } = useParams();
  const product = useProduct(id);
  const prices = usePricesOfProduct(id);
  const currencies = useCurrencies();
  const [isAddingPrice, setIsAddingPrice] = useState(false);

  if (product.error) {
    return (
      <Alert severity="error">
        {t('payment.admin.loadFailed', { reason: extractErrorText(product.error, t) })}
      </Alert>
    );
  }
  if (!product.data) return <LinearProgress aria-label={t('common.loading')} sx={{ height: 2 }} />;

  return (
    <>
      <Button component={RouterLink} to=".." relative="path" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('payment.admin.products.title')}
      </Button>
      <AdminPageHeading
        title={product.data.name}
        status={<ActiveChip isActive={product.data.active} />}
        actions={<ProductActions product={product.data} />}
      />
      <ProductDetails product={product.data} />
      <Stack component="section" spacing={1.5} sx={{ mt: 4 }} aria-labelledby="product-prices">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="product-prices" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
            {t('payment.admin.product.prices')}
          </Typography>
          <Button startIcon={<AddIcon />} onClick={() => setIsAddingPrice(true)}>
            {t('payment.admin.price.add')}
          </Button>
        </Stack>
        {prices.data ? (
          <PriceTable prices={prices.data.list} currencies={currencies.data?.list ?? []} />
        ) : (
          <LinearProgress aria-label={t('common.loading')} sx={{ height: 2 }} />
        )}
      </Stack>
      <AdminDialog
        title={t('payment.admin.price.createTitle')}
        isOpen={isAddingPrice}
        onClose={() => setIsAddingPrice(false)}
      >
        <PriceForm
          productId={id}
          currencies={currencies.data?.list ?? []}
          upsellCandidates={prices.data?.list ?? []}
          onCreated={() => setIsAddingPrice(false)}
        />
      </AdminDialog>
    </>
  );
}
