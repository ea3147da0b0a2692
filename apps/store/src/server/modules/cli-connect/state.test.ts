import { describe, expect, it } from 'vitest';
import { canDecide, connectSessionState, type ConnectSessionState } from './state.ts';

const NOW = 1_000;

describe('a connect session state', () => {
  it.each<[string, number, ConnectSessionState]>([
    ['pending', NOW + 1, 'pending'],
    ['approved', NOW + 1, 'approved'],
    ['denied', NOW + 1, 'denied'],
    ['consumed', NOW + 1, 'consumed'],
    ['pending', NOW, 'expired'],
    ['approved', NOW, 'expired'],
    ['denied', NOW - 1, 'expired'],
    ['consumed', NOW - 1, 'consumed'],
  ])('stored %s, ending at %i, reads %s', (status, expiresAt, state) => {
    expect(connectSessionState({ status, expires_at: expiresAt }, NOW)).toBe(state);
  });

  it('may be decided only while pending', () => {
    const states: ConnectSessionState[] = ['pending', 'approved', 'denied', 'expired', 'consumed'];
    expect(states.filter(canDecide)).toEqual(['pending']);
  });
});
