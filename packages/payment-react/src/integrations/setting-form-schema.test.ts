import { describe, expect, it } from 'vitest';
import { createTranslator } from '@bazaar/i18n';
import { donateSettingsSchema, type DonateSettings } from '@bazaar/schemas';
import { settingErrorText } from './setting-error-text.ts';
import { presetFor, settingFormSchema, sortServerErrors } from './setting-form-schema.ts';

const defaults = donateSettingsSchema.parse({});

function withAmount(amount: Partial<DonateSettings['amount']>): DonateSettings {
  return { ...defaults, amount: { ...defaults.amount, ...amount } };
}

function issuesOf(values: DonateSettings) {
  const result = settingFormSchema.safeParse(values);
  return result.success
    ? []
    : result.error.issues.map(({ path, message }) => ({ path: path.join('.'), message }));
}

describe('presetFor', () => {
  it.each([
    [{ presets: ['10', '2.5', '1'], preset: '' }, '2.5'],
    [{ presets: ['1', '5', '10', '20'], preset: '' }, '10'],
    [{ presets: [], preset: '', minimum: '0.5' }, '0.5'],
    [{ presets: ['1', '5'], preset: ' 5 ' }, '5'],
  ])('%j preselects %s', (amount, preset) => {
    expect(presetFor(withAmount(amount).amount)).toBe(preset);
  });
});

describe('settingFormSchema', () => {
  it('saves a blank preset as the middle one, and refuses one that is not listed', () => {
    expect(settingFormSchema.parse(withAmount({ presets: ['1', '5', '10'], preset: '' })).amount.preset).toBe(
      '5',
    );
    expect(issuesOf(withAmount({ presets: ['1', '5'], preset: '7' }))).toEqual([
      { path: 'amount.preset', message: 'Preset not listed' },
    ]);
  });

  it("keeps the server's rules: presets within the bounds, shares all given and adding up to 100", () => {
    expect(issuesOf(withAmount({ presets: ['1', '500'], preset: '1' }))).toEqual([
      { path: 'amount.presets.1', message: 'Each preset must lie within minimum and maximum' },
    ]);
    const shares = (percents: (number | null)[]) => ({
      ...defaults,
      beneficiaries: percents.map((percent, index) => ({
        name: `B${index}`,
        address: `0x${index}`,
        percent,
        avatar: null,
        url: null,
      })),
    });
    expect(issuesOf(shares([60, 30]))).toEqual([
      { path: 'beneficiaries', message: 'Percents must add up to 100, not 90' },
    ]);
    expect(issuesOf(shares([60, null]))).toEqual([
      { path: 'beneficiaries', message: 'Give every beneficiary a percent, or none for equal shares' },
    ]);
    expect(issuesOf(shares([null, null]))).toEqual([]);
  });
});

describe('sortServerErrors', () => {
  it("puts the details of the form's fields at those fields and keeps the rest", () => {
    const sorted = sortServerErrors([
      { path: 'settings.amount.presets.2', message: 'a' },
      { path: 'settings.beneficiaries', message: 'b' },
      { path: 'settings.beneficiaries.0.avatar', message: 'c' },
      { path: 'livemode', message: 'd' },
      { path: 'title', message: 'e' },
    ]);
    expect(sorted.fields).toEqual([
      { path: 'amount.presets.2', message: 'a' },
      { path: 'beneficiaries', message: 'b' },
    ]);
    expect(sorted.others.map((detail) => detail.path)).toEqual([
      'settings.beneficiaries.0.avatar',
      'livemode',
      'title',
    ]);
  });
});

describe('settingErrorText', () => {
  it("reads the schema's messages in the page's language, and others as they came", () => {
    const zh = createTranslator('zh');
    expect(settingErrorText('Percents must add up to 100, not 90', zh)).toBe(
      '分成合计必须为 100%，而不是 90%',
    );
    expect(settingErrorText('Expected an amount like 5 or 2.50', zh)).toBe('请输入金额，例如 5 或 2.50');
    expect(settingErrorText('Not a known DID', zh)).toBe('Not a known DID');
    expect(settingErrorText(undefined, zh)).toBeUndefined();
  });
});
