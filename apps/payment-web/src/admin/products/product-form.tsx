import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminProduct, UpdateProductBody } from '@bazaar/schemas';
import { applyApiErrors } from '../components/api-form-errors.ts';

interface ProductFormValues {
  name: string;
  description: string;
  /** One address a line, as typed. */
  images: string;
  unit_label: string;
  statement_descriptor: string;
}

const FIELDS = ['name', 'description', 'images', 'unit_label', 'statement_descriptor'] as const;

function valuesOf(product: AdminProduct | undefined): ProductFormValues {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    images: product?.images.join('\n') ?? '',
    unit_label: product?.unit_label ?? '',
    statement_descriptor: product?.statement_descriptor ?? '',
  };
}

/** What the form sends: an empty optional field is `null` (none), images one per line. */
function bodyOf(values: ProductFormValues) {
  return {
    name: values.name,
    description: values.description,
    images: values.images
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    unit_label: values.unit_label.trim() || null,
    statement_descriptor: values.statement_descriptor.trim() || null,
  } satisfies UpdateProductBody;
}

export interface ProductFormProps {
  /** The product being edited; none to create one. */
  product?: AdminProduct;
  onSubmit: (body: ReturnType<typeof bodyOf>) => Promise<unknown>;
  onCancel?: () => void;
}

/** A product's own fields, created or edited; the server's validation shows at each field. */
export function ProductForm({ product, onSubmit, onCancel }: ProductFormProps) {
  const t = useTranslate();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ProductFormValues>({
    defaultValues: valuesOf(product),
  });
  const { errors, isSubmitting } = formState;
  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(bodyOf(values));
    } catch (error) {
      setFormError(applyApiErrors(error, { setError, fields: FIELDS, t }));
    }
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} sx={{ maxWidth: 640 }}>
      {formError ? (
        <Alert severity="error">{t('payment.admin.saveFailed', { reason: formError })}</Alert>
      ) : null}
      <TextField
        label={t('payment.admin.product.name')}
        required
        {...register('name', { required: t('payment.admin.price.error.required') })}
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
      />
      <TextField
        label={t('payment.admin.product.description')}
        multiline
        minRows={2}
        {...register('description')}
        error={Boolean(errors.description)}
        helperText={errors.description?.message}
      />
      <TextField
        label={t('payment.admin.product.images')}
        multiline
        minRows={2}
        {...register('images')}
        error={Boolean(errors.images)}
        helperText={errors.images?.message ?? t('payment.admin.product.imagesHelp')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          fullWidth
          label={t('payment.admin.product.unitLabel')}
          {...register('unit_label')}
          error={Boolean(errors.unit_label)}
          helperText={errors.unit_label?.message ?? t('payment.admin.product.unitLabelHelp')}
        />
        <TextField
          fullWidth
          label={t('payment.admin.product.statementDescriptor')}
          {...register('statement_descriptor')}
          error={Boolean(errors.statement_descriptor)}
          helperText={
            errors.statement_descriptor?.message ?? t('payment.admin.product.statementDescriptorHelp')
          }
        />
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('payment.admin.save')}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t('common.cancel')}</Button> : null}
      </Stack>
    </Stack>
  );
}
