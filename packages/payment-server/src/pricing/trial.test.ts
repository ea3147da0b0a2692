import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveTrial, type EffectiveTrial, type TrialSettings } from './trial.ts';

const NOW = 1_700_000_000;
const NONE: EffectiveTrial = { isTrialing: false, trialEndsAt: null, display: null };

describe('effectiveTrial, trial_end in the future', () => {
  it.each([
    [1, 'minute', 1],
    [59, 'minute', 1],
    [60, 'minute', 1],
    [61, 'minute', 2],
    [3_599, 'minute', 60],
    [3_600, 'hour', 1],
    [3_601, 'hour', 2],
    [86_399, 'hour', 24],
    [86_400, 'day', 1],
    [86_401, 'day', 2],
    [30 * 86_400, 'day', 30],
  ])('%i s left shows as %i %s', (remaining, unit, count) => {
    expect(effectiveTrial({ trial_end: NOW + remaining }, 'usd', NOW)).toEqual({
      isTrialing: true,
      trialEndsAt: NOW + remaining,
      display: { unit, count },
    });
  });

  it('wins over trial_period_days', () => {
    expect(effectiveTrial({ trial_end: NOW + 7_200, trial_period_days: 14 }, 'usd', NOW).trialEndsAt).toBe(
      NOW + 7_200,
    );
  });

  it('falls back to trial_period_days once reached or passed', () => {
    const fallback = {
      isTrialing: true,
      trialEndsAt: NOW + 14 * 86_400,
      display: { unit: 'day', count: 14 },
    };
    expect(effectiveTrial({ trial_end: NOW, trial_period_days: 14 }, 'usd', NOW)).toEqual(fallback);
    expect(effectiveTrial({ trial_end: NOW - 1, trial_period_days: 14 }, 'usd', NOW)).toEqual(fallback);
    expect(effectiveTrial({ trial_end: NOW }, 'usd', NOW)).toEqual(NONE);
  });
});

describe('effectiveTrial, trial_period_days', () => {
  it.each([
    [
      { trial_period_days: 1 },
      { isTrialing: true, trialEndsAt: NOW + 86_400, display: { unit: 'day', count: 1 } },
    ],
    [{ trial_period_days: 0 }, NONE],
    [{ trial_period_days: -3 }, NONE],
    [{ trial_period_days: null, trial_end: null }, NONE],
    [{}, NONE],
  ])('%o → %o', (settings, expected) => {
    expect(effectiveTrial(settings, 'usd', NOW)).toEqual(expected);
  });

  it('is none without settings', () => {
    expect(effectiveTrial(null, 'usd', NOW)).toEqual(NONE);
  });
});

describe('effectiveTrial, trial_currency', () => {
  it.each([
    ['', 'usd', true],
    [null, 'usd', true],
    [' , ', 'usd', true],
    ['usd', 'usd', true],
    ['eth, usd', 'usd', true],
    ['eth,usd ', 'usd', true],
    ['eth', 'usd', false],
    ['usdc', 'usd', false],
    ['eth,abt', 'usd', false],
  ])('%j offers a trial in %s: %s', (trialCurrency, currencyId, isTrialing) => {
    expect(
      effectiveTrial({ trial_period_days: 7, trial_currency: trialCurrency }, currencyId, NOW).isTrialing,
    ).toBe(isTrialing);
  });
});

/** Reference: the rules read as a decision table, with display units by repeated subtraction. */
function referenceTrial(settings: TrialSettings, currencyId: string, now: number): EffectiveTrial {
  const listed = (settings.trial_currency ?? '').split(',').flatMap((id) => (id.trim() ? [id.trim()] : []));
  if (listed.length > 0 && !listed.includes(currencyId)) return NONE;
  const end = settings.trial_end ?? 0;
  if (end > now) {
    const remaining = end - now;
    const [unit, size] =
      remaining < 3_600
        ? (['minute', 60] as const)
        : remaining < 86_400
          ? (['hour', 3_600] as const)
          : (['day', 86_400] as const);
    let count = 0;
    for (let covered = 0; covered < remaining; covered += size) count += 1;
    return { isTrialing: true, trialEndsAt: end, display: { unit, count } };
  }
  const days = settings.trial_period_days ?? 0;
  return days > 0
    ? { isTrialing: true, trialEndsAt: now + days * 86_400, display: { unit: 'day', count: days } }
    : NONE;
}

describe('effectiveTrial against a reference', () => {
  const currencies = ['usd', 'eth', 'abt'];
  const settingsArbitrary = fc.record({
    trial_period_days: fc.option(fc.integer({ min: -2, max: 400 })),
    trial_end: fc.option(fc.integer({ min: NOW - 100_000, max: NOW + 400 * 86_400 })),
    trial_currency: fc.option(
      fc
        .tuple(fc.subarray(currencies), fc.constantFrom(',', ', ', ' ,'))
        .map(([ids, separator]) => ids.join(separator)),
    ),
  });

  it('agrees for any settings, currency and time', () => {
    fc.assert(
      fc.property(
        settingsArbitrary,
        fc.constantFrom(...currencies),
        fc.integer({ min: NOW - 10, max: NOW + 10 }),
        (settings, currencyId, now) => {
          expect(effectiveTrial(settings, currencyId, now)).toEqual(
            referenceTrial(settings, currencyId, now),
          );
        },
      ),
    );
  });

  it('never shows less time than is left', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 * 86_400 }), (remaining) => {
        const { display } = effectiveTrial({ trial_end: NOW + remaining }, 'usd', NOW);
        const seconds = { minute: 60, hour: 3_600, day: 86_400 }[display?.unit ?? 'day'];
        expect((display?.count ?? 0) * seconds).toBeGreaterThanOrEqual(remaining);
      }),
    );
  });
});
