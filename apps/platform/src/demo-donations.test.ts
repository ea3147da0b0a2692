import { donationSupportersSchema } from '@bazaar/schemas';
import { STORE_HOME_DONATION } from '@bazaar/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoDonations } from './demo-donations.ts';
import { createTestPlatform, type TestPlatform } from './testing.ts';

describe("test mode's demo supporters", () => {
  let platform: TestPlatform;
  beforeEach(async () => {
    platform = await createTestPlatform('sqlite');
  });
  afterEach(async () => {
    await platform.close();
  });

  async function supporters() {
    const response = await platform.app.inject({
      url: `/payment-kit/api/donations?target=${encodeURIComponent(STORE_HOME_DONATION.target)}&livemode=false`,
    });
    return { body: response.body, answer: donationSupportersSchema.parse(response.json()) };
  }

  it('tips the Store three times, once in each privacy choice, and only once however often it runs', async () => {
    await seedDemoDonations(platform.app);
    await seedDemoDonations(platform.app);
    const { body, answer } = await supporters();
    expect(answer).toMatchObject({ count: 3, totalAmount: '1600', currency: { symbol: 'USD' } });
    expect(answer.supporters.map((s) => s.display).sort()).toEqual(['anonymous', 'name_only', 'public']);
    // The anonymous donor's name goes nowhere.
    expect(body).not.toContain('Alan Turing');
  });
});
