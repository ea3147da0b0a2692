import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { DEMO } from '../../demo/seed.ts';
import { openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { startAndSubmit } from '../../test-utils/checkout-steps.ts';

describe.each(TEST_DIALECTS)('product admin routes on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const create = (body: Record<string, unknown>) =>
    adminRequest(t, 'POST', '/products', { livemode: false, name: 'Sticker pack', ...body });

  it('creates, retrieves, updates, archives and deletes a product', async () => {
    const created = await create({
      description: 'Ten stickers',
      images: ['https://example.com/s.png'],
      unit_label: 'pack',
      statement_descriptor: 'BAZAAR STICKERS',
      metadata: { sku: 'st-10' },
    });
    expect(created.statusCode).toBe(200);
    const product = created.json();
    expect(product).toMatchObject({
      id: expect.stringMatching(/^prod_/),
      object: 'product',
      name: 'Sticker pack',
      images: ['https://example.com/s.png'],
      unit_label: 'pack',
      statement_descriptor: 'BAZAAR STICKERS',
      active: true,
      livemode: false,
      metadata: { sku: 'st-10' },
    });
    expect((await adminRequest(t, 'GET', `/products/${product.id}`)).json()).toEqual(product);

    const archived = await adminRequest(t, 'PUT', `/products/${product.id}`, {
      active: false,
      name: 'Stickers',
    });
    expect(archived.json()).toMatchObject({ active: false, name: 'Stickers', description: 'Ten stickers' });

    const deleted = await adminRequest(t, 'DELETE', `/products/${product.id}`);
    expect(deleted.json()).toEqual({ id: product.id, deleted: true });
    expect((await adminRequest(t, 'GET', `/products/${product.id}`)).json().error.code).toBe('NOT_FOUND');
  });

  it('refuses to delete a product whose price was used in a checkout', async () => {
    await startAndSubmit(t);
    const response = await adminRequest(t, 'DELETE', `/products/${DEMO.licenseProductId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('OBJECT_IN_USE');
    expect((await adminRequest(t, 'GET', `/products/${DEMO.licenseProductId}`)).statusCode).toBe(200);
  });

  it('lists newest first with counts, filters and name search, one mode at a time', async () => {
    const demoCount = (await adminRequest(t, 'GET', '/products?livemode=false')).json().count;
    for (const [index, name] of ['Alpha 50%', 'Beta', 'Gamma', 'alphabet'].entries()) {
      t.clock.advance(1);
      await create({ name, active: index !== 2 });
    }
    await create({ name: 'Live alpha', livemode: true });

    const page1 = (await adminRequest(t, 'GET', '/products?livemode=false&pageSize=2')).json();
    expect(page1.count).toBe(demoCount + 4);
    expect(page1.list.map((p: { name: string }) => p.name)).toEqual(['alphabet', 'Gamma']);
    const page2 = (await adminRequest(t, 'GET', '/products?livemode=false&pageSize=2&page=2')).json();
    expect(page2.list.map((p: { name: string }) => p.name)).toEqual(['Beta', 'Alpha 50%']);

    const search = (await adminRequest(t, 'GET', '/products?livemode=false&q=ALPHA')).json();
    expect(search.list.map((p: { name: string }) => p.name)).toEqual(['alphabet', 'Alpha 50%']);
    const literal = (await adminRequest(t, 'GET', '/products?livemode=false&q=50%25')).json();
    expect(literal.list.map((p: { name: string }) => p.name)).toEqual(['Alpha 50%']);
    const inactive = (await adminRequest(t, 'GET', '/products?livemode=false&active=false')).json();
    expect(inactive.list.map((p: { name: string }) => p.name)).toEqual(['Gamma']);
    const live = (await adminRequest(t, 'GET', '/products?livemode=true')).json();
    expect(live).toMatchObject({ count: 1, list: [{ name: 'Live alpha', livemode: true }] });
  });

  it('sorts by name or creation, either way, ties broken by id so pages never overlap', async () => {
    for (const name of ['banana', 'Cherry', 'apple']) {
      t.clock.advance(1);
      await create({ name, livemode: true });
    }
    const names = async (query: string) =>
      (await adminRequest(t, 'GET', `/products?livemode=true&${query}`))
        .json()
        .list.map((p: { name: string }) => p.name);
    expect(await names('sortBy=name&sortDirection=asc')).toEqual(['apple', 'banana', 'Cherry']);
    expect(await names('sortBy=name')).toEqual(['apple', 'banana', 'Cherry']);
    expect(await names('sortBy=name&sortDirection=desc')).toEqual(['Cherry', 'banana', 'apple']);
    expect(await names('sortBy=created_at&sortDirection=asc')).toEqual(['banana', 'Cherry', 'apple']);
    expect(await names('sortBy=name&sortDirection=asc&pageSize=2&page=2')).toEqual(['Cherry']);
    expect(await names('sortBy=&sortDirection=')).toEqual(['apple', 'Cherry', 'banana']);
    const unknown = await adminRequest(t, 'GET', '/products?livemode=true&sortBy=price');
    expect(unknown.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('checks the statement descriptor and image URLs', async () => {
    const long = await create({ statement_descriptor: 'A DESCRIPTOR TOO LONG 23' });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [
        { path: 'statement_descriptor', message: 'A statement descriptor has at most 22 characters' },
      ],
    });
    expect((await create({ statement_descriptor: 'BAD "QUOTE"' })).statusCode).toBe(400);
    expect((await create({ images: ['javascript:alert(1)'] })).statusCode).toBe(400);
    expect((await create({ statement_descriptor: 'EXACTLY 22 CHARACTERS!' })).statusCode).toBe(200);
  });

  it('answers 401 signed out and 403 to members; admins and developers may manage', async () => {
    expect((await adminRequest(t, 'GET', '/products', undefined, null)).json().error.code).toBe(
      'UNAUTHENTICATED',
    );
    const member = await adminRequest(t, 'POST', '/products', { livemode: false, name: 'X' }, 'member');
    expect(member.statusCode).toBe(403);
    expect(member.json().error.code).toBe('FORBIDDEN');
    expect((await adminRequest(t, 'GET', '/products', undefined, 'admin')).statusCode).toBe(200);
    expect((await adminRequest(t, 'GET', '/products', undefined, 'developer')).statusCode).toBe(200);
  });
});
