import type { ErrorCode } from '@bazaar/schemas';
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderStoreRoute } from '../../test-utils/render-store-route.tsx';
import { createStoreApiStub, refusal } from '../../test-utils/store-api-stub.ts';
import { makeDeveloper, USERS } from '../../test-utils/store-builders.ts';
import { InvitationAcceptPage } from './invitation-accept-page.tsx';

const api = createStoreApiStub();
const ACCEPT = '/api/developer/invitations/accept';

beforeAll(() => api.install());
beforeEach(() => api.reset(USERS.member));
afterEach(cleanup);

function openPage(search: string) {
  renderStoreRoute(
    `/join/invitation${search}`,
    <Route path="/join/invitation" element={<InvitationAcceptPage />} />,
  );
}

async function accept() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
}

describe('InvitationAcceptPage', () => {
  it('accepts the invitation with its token and says the user is now a developer', async () => {
    api.on('POST', ACCEPT, { body: { developer: makeDeveloper() } });
    openPage('?token=Inv1tat10nT0ken');
    expect(
      await screen.findByText('You are signed in as mia@example.com; this account becomes the developer.'),
    ).toBeTruthy();
    expect(api.sent('POST', ACCEPT)).toEqual([]);

    await accept();
    expect(await screen.findByText("You're now a developer")).toBeTruthy();
    expect(api.sent('POST', ACCEPT).map((request) => request.body)).toEqual([{ token: 'Inv1tat10nT0ken' }]);
    expect(screen.getByRole('link', { name: 'Create an access token' }).getAttribute('href')).toBe(
      '/developer/access-tokens',
    );
  });

  it('says an expired invitation has expired, and to ask for a new one', async () => {
    api.on('POST', ACCEPT, refusal(410, 'INVITATION_EXPIRED'));
    openPage('?token=old');
    await accept();
    expect(await screen.findByText('This invitation cannot be accepted')).toBeTruthy();
    expect(
      screen.getByText(
        'This invitation has expired: invitations are good for 7 days. Ask the store admin for a new one.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it.each<[ErrorCode, number, string]>([
    ['INVITATION_INVALID', 400, 'This invitation link is not valid.'],
    ['INVITATION_CANCELLED', 410, 'The store admin cancelled this invitation.'],
    ['INVITATION_USED', 409, 'This invitation was already used: each invitation works once.'],
    ['INVITATION_MISMATCH', 403, 'This invitation is for someone else.'],
    ['DEVELOPER_REVOKED', 403, 'an invitation does not restore it'],
  ])('words %s', async (code, status, text) => {
    api.on('POST', ACCEPT, refusal(status, code));
    openPage('?token=some-token');
    await accept();
    expect(await screen.findByText(new RegExp(text))).toBeTruthy();
  });

  it("tells a developer they're already one, and where their developer pages are", async () => {
    api.on('POST', ACCEPT, refusal(409, 'ALREADY_DEVELOPER'));
    openPage('?token=some-token');
    await accept();
    expect(await screen.findByText("You're already a developer")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my access tokens' })).toBeTruthy();
  });

  it('says a link without a token is not valid, without asking the server', async () => {
    openPage('');
    expect(await screen.findByText(/This invitation link is not valid/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    expect(api.sent('POST', ACCEPT)).toEqual([]);
  });

  it('keeps the button for another try when the server could not be reached', async () => {
    api.on('POST', ACCEPT, { status: 502, body: 'Bad gateway' });
    openPage('?token=some-token');
    await accept();
    expect(await screen.findByText(/The server could not be reached/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept invitation' })).toBeTruthy();
  });
});
