import * as Sentry from '@sentry/browser';
import { describe, expect, it, vi } from 'vitest';
import { startErrorReporting } from './error-reporting.ts';

vi.mock('@sentry/browser', () => ({ init: vi.fn() }));

describe('startErrorReporting', () => {
  it('starts nothing when the operator configured no DSN', async () => {
    await startErrorReporting(null);
    await startErrorReporting(undefined);
    expect(Sentry.init).not.toHaveBeenCalled();
  });

  it("starts Sentry once, with the operator's DSN and sample rate", async () => {
    const config = { dsn: 'https://public@errors.example/7', sampleRate: 0.25 };
    await startErrorReporting(config);
    await startErrorReporting(config);
    expect(Sentry.init).toHaveBeenCalledTimes(1);
    expect(Sentry.init).toHaveBeenCalledWith({ dsn: config.dsn, sampleRate: 0.25 });
  });
});
