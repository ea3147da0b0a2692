import { INVITATION_TTL_SECONDS } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  codeOf,
  makeUser,
  openStoreTestApp,
  TEST_NOW,
  USERS,
  type StoreTestApp,
} from '../../test-utils/store-test-app.ts';

describe.each(TEST_DIALECTS)('developer invitations on %s', (dialect) => {
  let t: StoreTestApp;
  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function invite(body: Record<string, unknown>) {
    const response = await t.call('admin', 'POST', '/console/invitations', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { invitation: { id: string; status: string }; token: string };
  }
  const accept = (caller: Parameters<StoreTestApp['call']>[0], token: string) =>
    t.call(caller, 'POST', '/developer/invitations/accept', { token });

  it('makes the invitee a developer once, by the email they sign in with, in any case', async () => {
    const { invitation, token } = await invite({ email: 'invitee@example.com', note: 'Welcome' });
    expect(invitation).toMatchObject({
      status: 'pending',
      email: 'invitee@example.com',
      did: null,
      note: 'Welcome',
      invitedBy: USERS.admin.did,
      expiresAt: TEST_NOW + INVITATION_TTL_SECONDS,
    });
    expect(token).toMatch(/^[0-9A-Za-z]{32}$/);
    // Only the digest is kept: the token is nowhere in the table, nor in the list.
    const stored = await t.db.selectFrom('store_invitations').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    const listed = await t.call('admin', 'GET', '/console/invitations');
    expect(listed.body).not.toContain(token);
    expect(listed.json().list[0]).not.toHaveProperty('token');

    expect((await t.call('invitee', 'GET', '/developer/me')).json()).toEqual({
      developer: null,
      permissionMode: 'invitation',
      stake: null,
    });
    t.clock.advance(60);
    const accepted = await accept('invitee', token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().developer).toEqual({
      did: USERS.invitee.did,
      username: 'Invitee',
      developerSince: TEST_NOW + 60,
      status: 'enabled',
      revokedReason: null,
      revokedAt: null,
    });
    expect((await t.call('invitee', 'GET', '/developer/me')).json().developer.status).toBe('enabled');
    expect((await t.call('invitee', 'GET', '/developer/access-tokens')).statusCode).toBe(200);

    const again = await accept('invitee', token);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('INVITATION_USED');
    const [row] = (await t.call('admin', 'GET', '/console/invitations')).json().list;
    expect(row).toMatchObject({
      status: 'accepted',
      acceptedBy: USERS.invitee.did,
      acceptedAt: TEST_NOW + 60,
    });

    const history = await t.call('admin', 'GET', `/console/developers/${USERS.invitee.did}/history`);
    expect(history.json().list).toEqual([
      expect.objectContaining({ action: 'registered', via: 'invitation', actorDid: USERS.invitee.did }),
    ]);
  });

  it("tells a developer accepting another invitation that they're already one, and leaves it unused", async () => {
    const { token } = await invite({ email: USERS.developer.email });
    const response = await accept('developer', token);
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('ALREADY_DEVELOPER');
    expect(response.json().error.message).toBe("You're already a developer");
    const [row] = (await t.call('admin', 'GET', '/console/invitations')).json().list;
    expect(row.status).toBe('pending');
  });

  it('refuses someone else, by email or by DID', async () => {
    const byEmail = await invite({ email: 'invitee@example.com' });
    const byDid = await invite({ did: USERS.invitee.did });
    for (const { token } of [byEmail, byDid]) {
      const response = await accept('member', token);
      expect(response.statusCode).toBe(403);
      expect(codeOf(response)).toBe('INVITATION_MISMATCH');
    }
    // A user with no email never matches an invitation by email.
    const noEmail = makeUser('noemail', 'member', null);
    expect(codeOf(await accept(noEmail, byEmail.token))).toBe('INVITATION_MISMATCH');
    expect((await accept('invitee', byDid.token)).statusCode).toBe(200);
  });

  it('refuses an invitation past its 7 days, and lists it as expired', async () => {
    const { token } = await invite({ email: 'invitee@example.com' });
    t.clock.advance(INVITATION_TTL_SECONDS);
    const response = await accept('invitee', token);
    expect(response.statusCode).toBe(410);
    expect(codeOf(response)).toBe('INVITATION_EXPIRED');
    expect((await t.call('invitee', 'GET', '/developer/me')).json().developer).toBeNull();
    const expired = await t.call('admin', 'GET', '/console/invitations?status=expired');
    expect(expired.json()).toMatchObject({ count: 1, list: [{ status: 'expired' }] });
    expect((await t.call('admin', 'GET', '/console/invitations?status=pending')).json().count).toBe(0);
  });

  it('lets an admin cancel an invitation, which then is refused; an accepted one cannot be cancelled', async () => {
    const first = await invite({ email: 'invitee@example.com' });
    const cancelled = await t.call('admin', 'DELETE', `/console/invitations/${first.invitation.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelledAt: TEST_NOW });
    expect(
      (await t.call('owner', 'DELETE', `/console/invitations/${first.invitation.id}`)).json().status,
    ).toBe('cancelled');
    const refused = await accept('invitee', first.token);
    expect(refused.statusCode).toBe(410);
    expect(codeOf(refused)).toBe('INVITATION_CANCELLED');

    const second = await invite({ did: USERS.invitee.did });
    expect((await accept('invitee', second.token)).statusCode).toBe(200);
    const late = await t.call('admin', 'DELETE', `/console/invitations/${second.invitation.id}`);
    expect(late.statusCode).toBe(409);
    expect(codeOf(late)).toBe('INVITATION_USED');
    const missing = await t.call('admin', 'DELETE', '/console/invitations/sinv_nosuchinvitation');
    expect(missing.statusCode).toBe(404);
    const cancelledList = await t.call('admin', 'GET', '/console/invitations?status=cancelled');
    expect(cancelledList.json().count).toBe(1);
  });

  it('refuses a token no invitation has', async () => {
    const response = await accept('invitee', 'not-a-real-token');
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe('INVITATION_INVALID');
  });

  it('uses an invitation once even when accepted twice at the same moment', async () => {
    const { token } = await invite({ email: 'invitee@example.com' });
    const answers = await Promise.all([
      accept('invitee', token),
      accept('invitee', token),
      accept('invitee', token),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const developers = await t.db
      .selectFrom('store_developers')
      .selectAll()
      .where('did', '=', USERS.invitee.did)
      .execute();
    expect(developers).toHaveLength(1);
    const history = await t.db
      .selectFrom('store_developer_history')
      .selectAll()
      .where('developer_did', '=', USERS.invitee.did)
      .execute();
    expect(history).toHaveLength(1);
  });

  it('checks who is invited: one of email or DID, and not someone who already is a developer', async () => {
    for (const body of [
      {},
      { email: 'a@example.com', did: USERS.member.did },
      { email: 'not-an-email' },
      { did: 'bob' },
    ]) {
      const response = await t.call('admin', 'POST', '/console/invitations', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(response)).toBe('VALIDATION_FAILED');
    }
    const existing = await t.call('admin', 'POST', '/console/invitations', { did: USERS.developer.did });
    expect(existing.statusCode).toBe(409);
    expect(codeOf(existing)).toBe('ALREADY_DEVELOPER');
  });

  it('lists invitations newest first, a page at a time', async () => {
    for (const name of ['a', 'b', 'c']) {
      await invite({ email: `${name}@example.com` });
      t.clock.advance(1);
    }
    const page = await t.call('admin', 'GET', '/console/invitations?page=1&pageSize=2');
    expect(page.json().count).toBe(3);
    expect(page.json().list.map((invitation: { email: string }) => invitation.email)).toEqual([
      'c@example.com',
      'b@example.com',
    ]);
    const next = await t.call('admin', 'GET', '/console/invitations?page=2&pageSize=2');
    expect(next.json().list.map((invitation: { email: string }) => invitation.email)).toEqual([
      'a@example.com',
    ]);
  });
});
