import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error.ts';
import { answerFrameworkError, installErrorHandling, useZod } from './http.ts';

async function buildApp() {
  const app = Fastify({ frameworkErrors: answerFrameworkError });
  const zapp = useZod(app);
  installErrorHandling(app);
  zapp.post(
    '/things',
    { schema: { body: z.object({ email: z.email(), address: z.object({ postal_code: z.string() }) }) } },
    async () => ({ ok: true }),
  );
  zapp.get('/limited', async () => {
    throw new AppError('CUSTOMER_LIMITED', 'Customer has past-due invoices');
  });
  zapp.get('/things/:id', async () => ({ ok: true }));
  zapp.get('/crash', async () => {
    throw new Error('secret database detail');
  });
  await app.ready();
  return app;
}

describe('error envelope', () => {
  it('turns zod failures into VALIDATION_FAILED with a path per problem', async () => {
    const app = await buildApp();
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { email: 'nope', address: {} },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details.map((detail: { path: string }) => detail.path).sort()).toEqual([
      'address.postal_code',
      'email',
    ]);
  });

  it('answers malformed JSON with INVALID_JSON', async () => {
    const app = await buildApp();
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_JSON');
  });

  it('keeps domain codes and their statuses', async () => {
    const app = await buildApp();
    const response = await app.inject({ method: 'GET', url: '/limited' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'CUSTOMER_LIMITED', message: 'Customer has past-due invoices' },
    });
  });

  it('hides unexpected errors behind INTERNAL and answers unknown routes with NOT_FOUND', async () => {
    const app = await buildApp();
    const crash = await app.inject({ method: 'GET', url: '/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.body).not.toContain('secret');
    const missing = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('answers what fastify refuses before routing with the envelope too', async () => {
    const app = await buildApp();
    for (const url of [`/things/${'9'.repeat(400)}`, '/things/%E0%A4%A']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses text holding U+0000 anywhere in the body, which PostgreSQL could not store', async () => {
    const app = await buildApp();
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { email: 'ada@example.com', address: { postal_code: '10\u00001' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'address.postal_code' }],
    });
    const deep = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`,
    });
    expect(deep.statusCode).toBe(400);
  });
});
