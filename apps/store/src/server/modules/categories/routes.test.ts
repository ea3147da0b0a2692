import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeOf, openStoreTestApp, type StoreTestApp } from '../../test-utils/store-test-app.ts';

describe.each(TEST_DIALECTS)('categories on %s', (dialect) => {
  let t: StoreTestApp;
  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const names = async () =>
    (await t.call(null, 'GET', '/categories'))
      .json()
      .list.map((category: { name: { en: string } }) => category.name.en);
  const add = (en: string, zh: string) =>
    t.call('admin', 'POST', '/console/categories', { name: { en, zh } });

  it('adds a category named in both languages, with its English name as its address', async () => {
    const response = await add('  AI   tools ', '人工智能 工具');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: 'ai-tools', name: { en: 'AI tools', zh: '人工智能 工具' } });
    expect(await names()).toEqual(['AI tools', 'Developer tools', 'Payments', 'Productivity']);
  });

  it('refuses a name another category holds, in any letter case, saying "{name} is existed"', async () => {
    const english = await add('payments', '付款');
    expect(english.statusCode).toBe(409);
    expect(codeOf(english)).toBe('CATEGORY_EXISTS');
    expect(english.json().error.details).toEqual([{ path: 'name.en', message: 'payments is existed' }]);
    const chinese = await add('Billing', '支付');
    expect(chinese.json().error.details).toEqual([{ path: 'name.zh', message: '支付 is existed' }]);
    const both = await add('Productivity', '效率');
    expect(both.json().error.details.map((detail: { path: string }) => detail.path)).toEqual([
      'name.en',
      'name.zh',
    ]);
    expect(await names()).toHaveLength(3);
  });

  it('refuses names with other than letters, digits and spaces, or longer than 40', async () => {
    const cases: Array<[string, string, string]> = [
      ['Tools!', '工具', 'name.en'],
      ['Tools', '工具-', 'name.zh'],
      ['', '工具', 'name.en'],
      ['x'.repeat(41), '工具', 'name.en'],
      ['Tools', '工'.repeat(41), 'name.zh'],
    ];
    for (const [en, zh, path] of cases) {
      const response = await add(en, zh);
      expect(response.statusCode, `${en}/${zh}`).toBe(400);
      expect(response.json().error.details.map((detail: { path: string }) => detail.path)).toContain(path);
    }
    expect((await add('Web3 2025', 'Web3 二〇二五')).statusCode).toBe(200);
  });

  it('renames a category, keeping its id, and refuses a name another holds', async () => {
    const renamed = await t.call('admin', 'PUT', '/console/categories/payments', {
      name: { en: 'Payments and billing', zh: '支付' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ id: 'payments', name: { en: 'Payments and billing', zh: '支付' } });
    const taken = await t.call('admin', 'PUT', '/console/categories/payments', {
      name: { en: 'Productivity', zh: '支付' },
    });
    expect(taken.statusCode).toBe(409);
    expect(codeOf(taken)).toBe('CATEGORY_EXISTS');
    // The old name is free again; its slug is not, so the new category gets a tail.
    const again = await add('Payments', '付款');
    expect(again.json().id).toMatch(/^payments-[a-z0-9]{6}$/);
    const missing = await t.call('admin', 'PUT', '/console/categories/nowhere', {
      name: { en: 'X', zh: 'Y' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('removes a category', async () => {
    const removed = await t.call('admin', 'DELETE', '/console/categories/productivity');
    expect(removed.json()).toEqual({ id: 'productivity', deleted: true });
    expect(await names()).toEqual(['Developer tools', 'Payments']);
    expect((await t.call('admin', 'DELETE', '/console/categories/productivity')).statusCode).toBe(404);
    expect((await add('Productivity', '效率')).statusCode).toBe(200);
  });

  it('adds a name once when two admins add it at the same moment', async () => {
    const answers = await Promise.all([add('Games', '游戏'), add('games', '游戏')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await names()).toContain('Games');
  });
});
