import { parseAmount } from '@bazaar/money';
import {
  decimalTokenSchema,
  donateSettingsSchema,
  type DonateSettings,
  type ErrorDetail,
} from '@bazaar/schemas';
import { z } from 'zod';

/** The form's own rule, on top of the server's: a preset other than the listed ones is refused. */
export const PRESET_NOT_LISTED = 'Preset not listed';

/** Token amounts carry up to 18 decimals, so they are compared as whole units of that scale. */
const TOKEN_PRECISION = 18;

function byAmount(left: string, right: string): number {
  const a = parseAmount(left, TOKEN_PRECISION);
  const b = parseAmount(right, TOKEN_PRECISION);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The preset a blank choice stands for. The widget, like the checkout, preselects the middle of
 * the presets in ascending order when none is chosen; the server keeps a preset in every
 * setting, so the form saves that one (the minimum when there are no presets).
 */
export function presetFor(amount: DonateSettings['amount']): string {
  if (amount.preset.trim()) return amount.preset.trim();
  const presets = amount.presets.filter((preset) => decimalTokenSchema.safeParse(preset).success);
  const ordered = [...presets].sort(byAmount);
  return ordered[Math.floor(ordered.length / 2)] ?? amount.minimum;
}

/** The settings as they will be saved: a blank preset becomes the one the widget preselects. */
export function withPresetChosen(values: DonateSettings): DonateSettings {
  return { ...values, amount: { ...values.amount, preset: presetFor(values.amount) } };
}

/**
 * The editor validates with the server's own schema (`donateSettingsSchema`: amounts, bounds,
 * presets within them, beneficiaries' shares), so the form cannot drift from what the API takes.
 * The form's values are that schema's output with the preset possibly blank; a chosen preset
 * must be one of the presets (without presets, the minimum the blank stands for).
 */
export const settingFormSchema = z
  .preprocess((values: DonateSettings) => withPresetChosen(values), donateSettingsSchema)
  .superRefine(({ amount }, ctx) => {
    const isListed =
      amount.presets.length > 0 ? amount.presets.includes(amount.preset) : amount.preset === amount.minimum;
    if (!isListed) ctx.addIssue({ code: 'custom', path: ['amount', 'preset'], message: PRESET_NOT_LISTED });
  });

/** The fields the editor shows, as the server names them under `settings.` in its error details. */
const FIELD_PATTERNS = [
  /^title$/,
  /^amount\.(presets(\.\d+)?|preset|minimum|maximum|custom)$/,
  /^appearance\.button\.(text|icon|size|color|variant)$/,
  /^appearance\.history\.variant$/,
  /^beneficiaries(\.\d+\.(name|address|percent))?$/,
];

export interface ServerFieldErrors {
  /** Errors that belong to a field on the form, by the form's path (`amount.presets.0`). */
  fields: ErrorDetail[];
  /** The rest, shown above the form. */
  others: ErrorDetail[];
}

/** Sorts the server's validation details of `PUT /settings/{mountLocation}` into fields and the rest. */
export function sortServerErrors(details: readonly ErrorDetail[]): ServerFieldErrors {
  const sorted: ServerFieldErrors = { fields: [], others: [] };
  for (const detail of details) {
    const path = detail.path.replace(/^settings\./, '');
    const isField =
      detail.path.startsWith('settings.') && FIELD_PATTERNS.some((pattern) => pattern.test(path));
    if (isField) sorted.fields.push({ path, message: detail.message });
    else sorted.others.push(detail);
  }
  return sorted;
}
