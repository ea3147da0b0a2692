import { parseAmount } from '@bazaar/money';
import { z } from 'zod';
import { timestampSchema } from './common.ts';
import {
  BENEFICIARIES_MAX,
  beneficiaryInputSchema,
  checkBeneficiaries,
  decimalTokenSchema,
} from './catalogue.ts';
import { idSchema } from './ids.ts';

/**
 * Amounts in donation settings are token units written as decimal strings ('1', '0.01'), as a
 * person types them; they become a currency's smallest units only where a donation link is made
 * (`parseAmount` with the currency's decimals), in one place.
 */
const TOKEN_PRECISION = 18;
/** Null for a token its own check refuses (that refusal is reported already). */
const units = (token: string) =>
  decimalTokenSchema.safeParse(token).success ? parseAmount(token, TOKEN_PRECISION) : null;

export const DONATE_DEFAULTS = {
  presets: ['1', '5', '10'],
  preset: '1',
  minimum: '0.01',
  maximum: '100',
} as const;

export const donateAmountSchema = z
  .object({
    presets: z
      .array(decimalTokenSchema)
      .max(10)
      .default([...DONATE_DEFAULTS.presets]),
    preset: decimalTokenSchema.default(DONATE_DEFAULTS.preset),
    minimum: decimalTokenSchema.default(DONATE_DEFAULTS.minimum),
    maximum: decimalTokenSchema.default(DONATE_DEFAULTS.maximum),
    custom: z.boolean().default(true),
  })
  .superRefine((amount, ctx) => {
    const minimum = units(amount.minimum);
    const maximum = units(amount.maximum);
    if (minimum === null || maximum === null) return;
    if (minimum > maximum) {
      ctx.addIssue({ code: 'custom', path: ['maximum'], message: 'maximum must not be below minimum' });
    }
    amount.presets.forEach((preset, index) => {
      const value = units(preset);
      if (value !== null && (value < minimum || value > maximum)) {
        ctx.addIssue({
          code: 'custom',
          path: ['presets', index],
          message: 'Each preset must lie within minimum and maximum',
        });
      }
    });
  });

export const donateAppearanceSchema = z.object({
  button: z
    .object({
      text: z.string().trim().max(40).default(''),
      icon: z.string().max(2_048).default(''),
      size: z.enum(['small', 'medium', 'large']).default('medium'),
      color: z.enum(['primary', 'secondary', 'success', 'error', 'info', 'warning']).default('primary'),
      variant: z.enum(['outlined', 'contained', 'text']).default('outlined'),
    })
    .prefault({}),
  history: z.object({ variant: z.enum(['avatar', 'table']).default('avatar') }).prefault({}),
});

/** What a donation setting holds: the donation's amounts, how its button looks, its title and who receives it. */
export const donateSettingsSchema = z
  .object({
    title: z.string().trim().max(200).default(''),
    amount: donateAmountSchema.prefault({}),
    appearance: donateAppearanceSchema.prefault({}),
    beneficiaries: z.array(beneficiaryInputSchema).max(BENEFICIARIES_MAX).default([]),
  })
  .superRefine((settings, ctx) => {
    if (ctx.issues.length === 0) checkBeneficiaries(settings.beneficiaries, ctx);
  });
export type DonateSettings = z.output<typeof donateSettingsSchema>;

/** Where in an app a widget is mounted, as the app names it (`store/home`, `app/{did}`). */
export const mountLocationSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,199}$/, 'Expected letters, digits and . _ : / -');

export const settingSchema = z.object({
  id: idSchema('setting'),
  object: z.literal('setting'),
  type: z.literal('donate'),
  mount_location: z.string(),
  description: z.string(),
  component_did: z.string(),
  active: z.boolean(),
  livemode: z.boolean(),
  settings: donateSettingsSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Setting = z.infer<typeof settingSchema>;

/** `POST /settings`: the setting of that mount location and mode, made from `defaultSettings` the first time. */
export const createSettingBodySchema = z.object({
  type: z.literal('donate'),
  mountLocation: mountLocationSchema,
  description: z.string().trim().max(500).default(''),
  defaultSettings: donateSettingsSchema.prefault({}),
  active: z.boolean().default(true),
  componentDid: z.string().min(1).max(200),
  livemode: z.boolean(),
});

/** `PUT /settings/{mountLocation}`: new settings for that mount location's setting in this mode. */
export const updateSettingBodySchema = z.object({
  livemode: z.boolean(),
  settings: donateSettingsSchema,
  active: z.boolean().optional(),
});

/** `PUT /settings/{id}`: turns the setting on or off. */
export const setSettingActiveBodySchema = z.object({ active: z.boolean() });
