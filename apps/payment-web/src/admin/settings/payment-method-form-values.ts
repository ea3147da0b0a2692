import type { AdminPaymentMethod, CreatePaymentMethodBody, UpdatePaymentMethodBody } from '@bazaar/schemas';

/** The kinds of method the form writes: Stripe's cards, or an EVM chain's tokens. */
export const CREATABLE_METHOD_TYPES = ['stripe', 'ethereum', 'base'] as const;
export type CreatableMethodType = (typeof CREATABLE_METHOD_TYPES)[number];

export interface PaymentMethodFormValues {
  type: CreatableMethodType;
  name: string;
  logo: string;
  settings: {
    publishable_key: string;
    /** Stripe's secret key or a chain's vault key: empty keeps the stored one. */
    secret_key: string;
    webhook_secret: string;
    chain_id: string;
    api_host: string;
    explorer_host: string;
    confirmations: string;
  };
}

/** The fields that show the server's problems at their place; others go above the form. */
export const METHOD_FIELDS = [
  'name',
  'logo',
  'settings.publishable_key',
  'settings.secret_key',
  'settings.webhook_secret',
  'settings.chain_id',
  'settings.api_host',
  'settings.explorer_host',
  'settings.confirmations',
] as const;

export const isEvmType = (type: string) => type === 'ethereum' || type === 'base';

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** The form over a method as the server shows it: secrets are never shown, so their fields start empty. */
export function methodFormValues(method?: AdminPaymentMethod): PaymentMethodFormValues {
  const settings = method?.settings ?? {};
  return {
    type: (CREATABLE_METHOD_TYPES as readonly string[]).includes(method?.type ?? '')
      ? (method!.type as CreatableMethodType)
      : 'stripe',
    name: method?.name ?? '',
    logo: method?.logo ?? '',
    settings: {
      publishable_key: text(settings.publishable_key),
      secret_key: '',
      webhook_secret: '',
      chain_id: text(settings.chain_id),
      api_host: text(settings.api_host),
      explorer_host: text(settings.explorer_host),
      confirmations: text(settings.confirmations ?? 1),
    },
  };
}

/** What the form says of the type's settings; an empty secret is left out, so the stored one stays. */
function settingsOf(type: CreatableMethodType, values: PaymentMethodFormValues['settings']) {
  const secrets = {
    ...(values.secret_key.trim() && { secret_key: values.secret_key.trim() }),
    ...(type === 'stripe' &&
      values.webhook_secret.trim() && { webhook_secret: values.webhook_secret.trim() }),
  };
  if (type === 'stripe') return { publishable_key: values.publishable_key.trim(), ...secrets };
  return {
    chain_id: Number(values.chain_id),
    api_host: values.api_host.trim(),
    explorer_host: values.explorer_host.trim(),
    confirmations: Number(values.confirmations),
    ...secrets,
  };
}

export function createMethodBody(
  values: PaymentMethodFormValues,
  livemode: boolean,
): CreatePaymentMethodBody {
  return {
    type: values.type,
    name: values.name,
    logo: values.logo.trim(),
    livemode,
    settings: settingsOf(values.type, values.settings),
  } as CreatePaymentMethodBody;
}

/**
 * An edit of `method`. Its settings go only when the form holds any: a card method without keys
 * (the built-in test network) stays one until a key is typed.
 */
export function updateMethodBody(
  method: AdminPaymentMethod,
  values: PaymentMethodFormValues,
): UpdatePaymentMethodBody {
  const common = { name: values.name, logo: values.logo.trim() };
  if (method.type !== 'stripe' && !isEvmType(method.type)) return common;
  const settings = settingsOf(method.type as CreatableMethodType, values.settings);
  const isUntouchedTestNetwork =
    method.type === 'stripe' && !method.has_secret_key && Object.values(settings).every((value) => !value);
  return isUntouchedTestNetwork ? common : { ...common, settings };
}
