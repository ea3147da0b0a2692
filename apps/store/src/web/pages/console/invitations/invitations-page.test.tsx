import type { CreateInvitationBody, Invitation } from '@bazaar/schemas';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fieldHelp, renderStoreRoute } from '../../../test-utils/render-store-route.tsx';
import { createStoreApiStub, refusal } from '../../../test-utils/store-api-stub.ts';
import { makeInvitation, page, TEST_NOW, USERS } from '../../../test-utils/store-builders.ts';
import { consoleRoutes } from '../console-routes.tsx';

const api = createStoreApiStub();
const INVITATIONS = '/api/console/invitations';
const TOKEN = 'AcceptT0kenAcceptT0kenAcceptT0ken';
let invitations: Invitation[];

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.owner);
  invitations = [
    makeInvitation({ id: 'sinv_pending', email: 'ann@example.com' }),
    makeInvitation({
      id: 'sinv_accepted',
      email: 'bo@example.com',
      status: 'accepted',
      acceptedAt: TEST_NOW,
    }),
  ];
  api.on('GET', INVITATIONS, () => ({ body: page(invitations) }));
  api.on('POST', INVITATIONS, (request) => {
    const body = request.body as CreateInvitationBody;
    const invitation = makeInvitation({
      id: 'sinv_new',
      email: body.email ?? null,
      did: body.did ?? null,
      note: body.note ?? '',
    });
    invitations = [invitation, ...invitations];
    return { body: { invitation, token: TOKEN } };
  });
  api.on('DELETE', `${INVITATIONS}/:id`, (_request, { id }) => {
    invitations = invitations.map((each) => (each.id === id ? { ...each, status: 'cancelled' } : each));
    return { body: invitations.find((each) => each.id === id) };
  });
});
afterEach(cleanup);

const openPage = () => renderStoreRoute('/console/invitations', consoleRoutes);
const acceptLink = () => `${window.location.origin}/join/invitation?token=${TOKEN}`;

describe('InvitationsPage', () => {
  it('lists the invitations with their status; an accepted one cannot be cancelled', async () => {
    openPage();
    const table = await screen.findByRole('table', { name: 'Invitations' });
    const pending = within(table).getByText('ann@example.com').closest('tr')!;
    expect(within(pending).getByText('Pending')).toBeTruthy();
    const accepted = within(table).getByText('bo@example.com').closest('tr')!;
    expect(within(accepted).getByText('Accepted')).toBeTruthy();
    expect(within(accepted).queryByRole('button')).toBeNull();
  });

  it('invites by email with a note and shows the accept link once, to copy', async () => {
    const user = userEvent.setup();
    openPage();
    await user.type(await screen.findByLabelText(/Email they sign in with/), 'new@example.com');
    await user.type(screen.getByLabelText('Note'), 'Welcome aboard');
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));

    const dialog = await screen.findByRole('dialog', { name: 'Invitation created' });
    expect(api.sent('POST', INVITATIONS).map((request) => request.body)).toEqual([
      { email: 'new@example.com', note: 'Welcome aboard' },
    ]);
    expect(within(dialog).getByDisplayValue(acceptLink())).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(acceptLink());
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.innerHTML).not.toContain(TOKEN);
    expect(screen.getByLabelText(/Email they sign in with/)).toHaveProperty('value', '');
    expect(await screen.findByText('new@example.com')).toBeTruthy();
  });

  it('invites by DID, checked before sending; an existing developer is refused at the field', async () => {
    api.on('POST', INVITATIONS, refusal(409, 'ALREADY_DEVELOPER'));
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'DID' }));
    await user.type(screen.getByLabelText(/Their DID/), 'not a did');
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect(fieldHelp(/Their DID/)).toBe('Enter a DID like did:pkh:eip155:1:0x…');
    expect(api.sent('POST', INVITATIONS)).toEqual([]);

    await user.clear(screen.getByLabelText(/Their DID/));
    await user.type(screen.getByLabelText(/Their DID/), USERS.member.did);
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    await waitFor(() => expect(fieldHelp(/Their DID/)).toBe('This person is already a developer'));
    expect(api.sent('POST', INVITATIONS).map((request) => request.body)).toEqual([{ did: USERS.member.did }]);
  });

  it('cancels a pending invitation once confirmed', async () => {
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel the invitation of ann@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the invitation of ann@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('DELETE', `${INVITATIONS}/sinv_pending`)).toHaveLength(1);
    const row = within(screen.getByRole('table', { name: 'Invitations' }))
      .getByText('ann@example.com')
      .closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Cancelled')).toBeTruthy());
  });
});
