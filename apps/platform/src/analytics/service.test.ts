import { describe, expect, it } from 'vitest';
import { countPings, resolveRange, stripQueryAndFragment } from './service.ts';

describe('analytics service', () => {
  it('keeps a path and drops what follows ? or #', () => {
    expect(stripQueryAndFragment('/apps/42')).toBe('/apps/42');
    expect(stripQueryAndFragment('/apps/42?tab=reviews&email=ann@example.com')).toBe('/apps/42');
    expect(stripQueryAndFragment('/reset#token=secret?x')).toBe('/reset');
    expect(stripQueryAndFragment('/?')).toBe('/');
  });

  it('counts a batch as one row per distinct kind, name and path, in key order', () => {
    expect(
      countPings('2027-01-15', [
        { type: 'pageview', path: '/b' },
        { type: 'event', name: 'open', path: '/b' },
        { type: 'pageview', path: '/a?x=1' },
        { type: 'pageview', path: '/a#top' },
        { type: 'event', name: 'close', path: '/b' },
        { type: 'pageview', path: '/b' },
      ]),
    ).toEqual([
      { day: '2027-01-15', kind: 'event', name: 'close', path: '/b', count: 1 },
      { day: '2027-01-15', kind: 'event', name: 'open', path: '/b', count: 1 },
      { day: '2027-01-15', kind: 'pageview', name: '', path: '/a', count: 2 },
      { day: '2027-01-15', kind: 'pageview', name: '', path: '/b', count: 2 },
    ]);
  });

  it('defaults to the 30 days up to today, or up to the day asked for', () => {
    expect(resolveRange('2027-01-15', {})).toEqual({ from: '2026-12-17', to: '2027-01-15' });
    expect(resolveRange('2027-01-15', { to: '2026-12-31' })).toEqual({
      from: '2026-12-02',
      to: '2026-12-31',
    });
    expect(resolveRange('2027-01-15', { from: '2027-01-10' })).toEqual({
      from: '2027-01-10',
      to: '2027-01-15',
    });
    expect(resolveRange('2027-01-15', { from: '2027-01-20', to: '2027-01-20' })).toEqual({
      from: '2027-01-20',
      to: '2027-01-20',
    });
  });

  it('refuses a reversed range and one longer than 366 days', () => {
    expect(() => resolveRange('2027-01-15', { from: '2027-01-16' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
    expect(resolveRange('2027-01-15', { from: '2024-01-01', to: '2024-12-31' })).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
    });
    expect(() => resolveRange('2027-01-15', { from: '2024-01-01', to: '2025-01-01' })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        details: [{ path: 'from', message: 'A range covers at most 366 days' }],
      }),
    );
  });
});
