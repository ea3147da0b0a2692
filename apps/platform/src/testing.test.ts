import { COMPONENT_IDS } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { createTestPlatform } from './testing.ts';

describe.each(TEST_DIALECTS)('createTestPlatform on %s', (dialect) => {
  it('composes the Payment Kit and the Store and signs users in through the email code', async () => {
    const platform = await createTestPlatform(dialect);
    try {
      const registry = (await platform.app.inject({ url: '/__platform.json' })).json();
      expect(registry.components.map((component: { did: string }) => component.did)).toEqual([
        COMPONENT_IDS.paymentKit,
        COMPONENT_IDS.store,
      ]);

      const owner = await platform.signIn('owner@example.com');
      const member = await platform.signIn('member@example.com');
      expect([owner.user.role, member.user.role]).toEqual(['owner', 'member']);
      expect(platform.mailbox.map((mail) => mail.to)).toEqual(['owner@example.com', 'member@example.com']);

      const session = await platform.app.inject({
        url: '/.well-known/service/user/session',
        headers: { cookie: member.cookie },
      });
      expect(session.json().user).toEqual(member.user);
      expect((await platform.signIn('member@example.com')).user).toEqual(member.user);
    } finally {
      await platform.close();
    }
  });
});
