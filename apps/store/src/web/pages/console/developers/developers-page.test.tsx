import type { DeveloperHistoryEntry, StoreDeveloper, UpdateDeveloperBody } from '@bazaar/schemas';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fieldHelp, renderStoreRoute } from '../../../test-utils/render-store-route.tsx';
import { createStoreApiStub } from '../../../test-utils/store-api-stub.ts';
import { makeDeveloper, page, TEST_NOW, USERS } from '../../../test-utils/store-builders.ts';
import { consoleRoutes } from '../console-routes.tsx';

const api = createStoreApiStub();
const MIA = makeDeveloper();
const BOB = makeDeveloper({
  did: 'did:pkh:eip155:1:0x4444444444444444444444444444444444444444',
  username: 'Bob',
  status: 'revoked',
  revokedReason: 'Malware in a bundle',
  revokedAt: TEST_NOW,
});
let developers: StoreDeveloper[];

const HISTORY: DeveloperHistoryEntry[] = [
  {
    id: 'sdh_1',
    developerDid: BOB.did,
    action: 'registered',
    via: 'invitation',
    reason: null,
    actorDid: BOB.did,
    createdAt: TEST_NOW - 100,
  },
  {
    id: 'sdh_2',
    developerDid: BOB.did,
    action: 'revoked',
    via: null,
    reason: 'Malware in a bundle',
    actorDid: USERS.owner.did,
    createdAt: TEST_NOW,
  },
];

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.owner);
  developers = [MIA, BOB];
  api.on('GET', '/api/console/developers', (request) => {
    const status = request.query.get('status');
    return { body: page(developers.filter((developer) => !status || developer.status === status)) };
  });
  api.on('PUT', '/api/console/developers/:did', (request, { did }) => {
    const change = request.body as UpdateDeveloperBody;
    developers = developers.map((developer) =>
      developer.did === did
        ? {
            ...developer,
            status: change.status,
            revokedReason: change.status === 'revoked' ? change.reason : null,
            revokedAt: change.status === 'revoked' ? TEST_NOW : null,
          }
        : developer,
    );
    return { body: developers.find((developer) => developer.did === did) };
  });
  api.on('GET', '/api/console/developers/:did/history', { body: { list: HISTORY } });
});
afterEach(cleanup);

const openPage = () => renderStoreRoute('/console/developers', consoleRoutes);
const rowOf = async (name: string) =>
  within(await screen.findByRole('table', { name: 'Developers' }))
    .getByText(name)
    .closest('tr')!;

describe('DevelopersPage', () => {
  it('lists developers with their status, why they were revoked, and since when', async () => {
    openPage();
    const mia = await rowOf('Mia');
    expect(within(mia).getByText('Enabled')).toBeTruthy();
    expect(within(mia).getByText(MIA.did)).toBeTruthy();
    const bob = await rowOf('Bob');
    expect(within(bob).getByText('Revoked')).toBeTruthy();
    expect(within(bob).getByText('Malware in a bundle')).toBeTruthy();
    expect(api.sent('GET', '/api/console/developers')[0]?.query.get('pageSize')).toBe('10');
  });

  it('filters by status', async () => {
    const user = userEvent.setup();
    openPage();
    await rowOf('Mia');
    await user.click(screen.getByRole('button', { name: 'Revoked' }));
    await waitFor(() => expect(screen.queryByText('Mia')).toBeNull());
    expect(api.sent('GET', '/api/console/developers').at(-1)?.query.get('status')).toBe('revoked');
  });

  it('revokes a developer only with a reason', async () => {
    const user = userEvent.setup();
    openPage();
    await user.click(within(await rowOf('Mia')).getByRole('button', { name: 'Revoke Mia' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke Mia?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(fieldHelp(/Reason/)).toBe('Reason is required');
    expect(api.sent('PUT', `/api/console/developers/${MIA.did}`)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Copied apps');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('PUT', `/api/console/developers/${MIA.did}`).map((request) => request.body)).toEqual([
      { status: 'revoked', reason: 'Copied apps' },
    ]);
    await waitFor(async () => expect(within(await rowOf('Mia')).getByText('Revoked')).toBeTruthy());
  });

  it('enables a revoked developer once confirmed', async () => {
    const user = userEvent.setup();
    openPage();
    await user.click(within(await rowOf('Bob')).getByRole('button', { name: 'Enable Bob' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Enable Bob again?' })).getByRole('button', {
        name: 'Enable',
      }),
    );
    await waitFor(() =>
      expect(api.sent('PUT', `/api/console/developers/${BOB.did}`).map((request) => request.body)).toEqual([
        { status: 'enabled' },
      ]),
    );
  });

  it("shows a developer's history in a drawer", async () => {
    const user = userEvent.setup();
    openPage();
    await user.click(within(await rowOf('Bob')).getByRole('button', { name: 'History' }));
    const drawer = screen.getByRole('dialog', { name: 'History of Bob' });
    expect(await within(drawer).findByText('Registered by invitation')).toBeTruthy();
    expect(within(drawer).getByText('Revoked')).toBeTruthy();
    expect(within(drawer).getByText('Reason: Malware in a bundle')).toBeTruthy();
    expect(within(drawer).getByText(`By ${USERS.owner.did}`)).toBeTruthy();
  });
});
