import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderStoreRoute } from '../../../test-utils/render-store-route.tsx';
import { createStoreApiStub } from '../../../test-utils/store-api-stub.ts';
import {
  APP_DID,
  makeApp,
  makeAppListItem,
  makeAppVersion,
  makeDeveloper,
  page,
  USERS,
} from '../../../test-utils/store-builders.ts';
import { developerRoutes } from '../developer-routes.tsx';

const api = createStoreApiStub();
const OTHER_DID = 'did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH';
const APPS = [
  makeAppListItem(
    makeApp({ currentVersion: '1.0.0', latestVersion: '1.1.0', autoPublish: true }),
    makeAppVersion({ version: '1.1.0', status: 'inReview' }),
    3 * 60 * 60,
  ),
  makeAppListItem(
    makeApp({ did: OTHER_DID, name: 'notes', title: 'Notes', visibility: 'private' }),
    makeAppVersion({ appDid: OTHER_DID, status: 'draft' }),
  ),
];

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.member);
  api.on('GET', '/api/developer/me', {
    body: { developer: makeDeveloper(), permissionMode: 'invitation', stake: null },
  });
});
afterEach(cleanup);

const openPage = (locale: 'en' | 'zh' = 'en') =>
  renderStoreRoute('/developer/apps', developerRoutes, { locale });
const rowOf = async (title: string) =>
  within(await screen.findByRole('table', { name: 'My apps' }))
    .getByText(title)
    .closest('tr')!;

describe('DeveloperAppsPage', () => {
  it("lists the developer's apps: title, name, DID, published and latest version with its status, visibility, auto publish", async () => {
    api.on('GET', '/api/developer/apps', { body: page(APPS) });
    openPage();

    const weather = await rowOf('Weather Board');
    expect(within(weather).getByText('weather-board')).toBeTruthy();
    expect(within(weather).getByText('did:key:z6Mkha…ta2doK').getAttribute('title')).toBe(APP_DID);
    expect(within(weather).getByRole('button', { name: 'Copy DID' })).toBeTruthy();
    expect(within(weather).getByText('1.0.0')).toBeTruthy();
    expect(within(weather).getByText('1.1.0')).toBeTruthy();
    expect(within(weather).getByText('In review')).toBeTruthy();
    expect(within(weather).getByText('waiting 3 h')).toBeTruthy();
    expect(within(weather).getByText('Public')).toBeTruthy();
    expect(within(weather).getByText('On')).toBeTruthy();

    const notes = await rowOf('Notes');
    expect(within(notes).getByText('Not published')).toBeTruthy();
    expect(within(notes).getByText('Draft')).toBeTruthy();
    expect(within(notes).getByText('Private')).toBeTruthy();
    expect(within(notes).getByText('Off')).toBeTruthy();
    expect(api.sent('GET', '/api/developer/apps')[0]?.query.get('page')).toBe('1');
  });

  it("opens an app's page from its row, and copying the DID does not", async () => {
    api.on('GET', '/api/developer/apps', { body: page(APPS) });
    api.on('GET', '/api/developer/apps/:did', {
      body: { app: makeApp(), versions: [makeAppVersion()], history: [], comments: [] },
    });
    const user = userEvent.setup();
    openPage();
    const weather = await rowOf('Weather Board');
    await user.click(within(weather).getByRole('button', { name: 'Copy DID' }));
    expect(await navigator.clipboard.readText()).toBe(APP_DID);
    expect(api.sent('GET', `/api/developer/apps/${APP_DID}`)).toEqual([]);

    await user.click(within(weather).getByText('In review'));
    expect(await screen.findByRole('heading', { name: 'Weather Board', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request review of 1.0.0' })).toBeTruthy();
  });

  it('explains how to publish with the command-line tool when there is no app yet', async () => {
    api.on('GET', '/api/developer/apps', { body: page([]) });
    openPage();
    expect(await screen.findByRole('heading', { name: 'No apps yet' })).toBeTruthy();
    expect(screen.getByText('npx bazaar init')).toBeTruthy();
    expect(screen.getByText('bazaar bundle')).toBeTruthy();
    expect(screen.getByText('bazaar upload')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect the CLI' }).getAttribute('href')).toBe('/connect-cli');
    expect(
      screen.getByRole('link', { name: 'Or generate the app DID in the browser' }).getAttribute('href'),
    ).toBe('/gen-key-pair');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("says the spec's list error when the server fails", async () => {
    api.on('GET', '/api/developer/apps', {
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'boom' } },
    });
    openPage();
    expect(await screen.findByText('Request apps Error, please try again later')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    api.on('GET', '/api/developer/apps', { body: page(APPS) });
    openPage('zh');
    expect(await screen.findByRole('heading', { name: '我的应用', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: '我的应用' });
    expect(within(table).getByText('审核中')).toBeTruthy();
    expect(within(table).getByText('已等待 3 小时')).toBeTruthy();
    expect(within(table).getByText('草稿')).toBeTruthy();
    expect(within(table).getByText('未发布')).toBeTruthy();
    expect(within(table).getByText('私有')).toBeTruthy();
  });

  it('empties in Chinese too', async () => {
    api.on('GET', '/api/developer/apps', { body: page([]) });
    openPage('zh');
    expect(await screen.findByRole('heading', { name: '还没有应用' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: '连接命令行工具' })).toBeTruthy());
  });
});
