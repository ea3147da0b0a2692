import { errorEnvelopeSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openStoreTestApp, type StoreTestApp } from '../test-utils/store-test-app.ts';
import { OPENAPI_PATH } from './openapi.ts';

const refSchema = z.object({ $ref: z.string().startsWith('#/components/schemas/') });
const mediaSchema = z.object({ 'application/json': z.object({ schema: z.record(z.string(), z.unknown()) }) });
const operationSchema = z.object({
  tags: z.array(z.string()).min(1),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  parameters: z
    .array(
      z.object({
        name: z.string().min(1),
        in: z.enum(['path', 'query', 'header', 'cookie']),
        schema: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
  requestBody: z
    .object({
      content: z.partialRecord(
        z.enum(['application/json', 'multipart/form-data']),
        z.object({ schema: z.record(z.string(), z.unknown()) }),
      ),
    })
    .optional(),
  responses: z.record(
    z.string(),
    z.object({ description: z.string().min(1), content: mediaSchema.optional() }),
  ),
});
/** The parts of the OpenAPI 3.1 document structure a client generator relies on. */
const openApiDocumentSchema = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string() }),
  servers: z.array(z.object({ url: z.string() })),
  paths: z.record(
    z.string().startsWith('/'),
    z.partialRecord(z.enum(['get', 'put', 'post', 'delete', 'patch']), operationSchema),
  ),
  components: z.object({
    schemas: z.record(z.string(), z.record(z.string(), z.unknown())),
    securitySchemes: z.record(z.string(), z.object({ type: z.string(), scheme: z.string() })),
  }),
});
type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

const componentOf = (schema: unknown) => refSchema.parse(schema).$ref.split('/').pop()!;

describe.each(TEST_DIALECTS)("the Store's OpenAPI document on %s", (dialect) => {
  let t: StoreTestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await openStoreTestApp(dialect);
    const response = await t.call(null, 'GET', OPENAPI_PATH);
    expect(response.statusCode, response.body).toBe(200);
    document = openApiDocumentSchema.parse(response.json());
  });
  afterAll(async () => {
    await t.close();
  });

  it('describes the upload as the multipart form it reads, with the bundle as a binary file', () => {
    const upload = document.paths['/apps/upload']!.post!;
    expect(upload.requestBody?.content).toEqual({
      'multipart/form-data': {
        schema: expect.objectContaining({
          type: 'object',
          required: ['bundle'],
          properties: { bundle: expect.objectContaining({ type: 'string', format: 'binary' }) },
        }),
      },
    });
    expect(upload.security).toEqual([{ accessToken: [] }]);
  });

  it("is OpenAPI 3.1 for the Store at its mount, in the package's version", () => {
    expect(document.info).toEqual({ title: 'Bazaar Store API', version: t.deps.version });
    expect(document.servers).toEqual([{ url: '/api' }]);
  });

  it('lists the routes of every module, with their parameters and bodies', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /store.json',
        'PUT /console/settings',
        'POST /console/invitations',
        'POST /developer/invitations/accept',
        'PUT /console/developers/{did}',
        'POST /developer/access-tokens',
        'DELETE /developer/access-tokens/{id}',
        'GET /cli/whoami',
        'GET /categories',
        'POST /console/categories',
      ]),
    );
    expect(
      new Set(
        Object.values(document.paths).flatMap((methods) => Object.values(methods).flatMap((o) => o.tags)),
      ),
    ).toEqual(
      new Set(['settings', 'developers', 'access-tokens', 'categories', 'cli-connect', 'apps', 'purchases']),
    );
    const list = document.paths['/console/developers']?.get;
    expect(list?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'status', 'q']),
    );
    const create = document.paths['/developer/access-tokens']?.post;
    const body = componentOf(create?.requestBody?.content['application/json']?.schema);
    expect(body).toBe('CreateAccessTokenBodyInput');
    expect(Object.keys(document.components.schemas[body]?.properties ?? {})).toEqual(
      expect.arrayContaining(['name', 'scopes', 'expiresInDays']),
    );
  });

  it('says the CLI route takes a bearer access token', () => {
    expect(document.paths['/cli/whoami']?.get?.security).toEqual([{ accessToken: [] }]);
    expect(document.components.securitySchemes.accessToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('gives every operation the error envelope as its default answer, and names only what it uses', () => {
    for (const operation of Object.values(document.paths).flatMap((methods) => Object.values(methods))) {
      expect(componentOf(operation.responses.default?.content?.['application/json'].schema)).toBe(
        'ErrorEnvelope',
      );
    }
    const envelope = document.components.schemas.ErrorEnvelope as {
      properties: { error: { properties: Record<string, unknown> } };
    };
    expect(Object.keys(envelope.properties.error.properties)).toEqual(
      Object.keys(errorEnvelopeSchema.shape.error.shape),
    );
    const text = JSON.stringify(document);
    const references = new Set(
      [...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]),
    );
    expect(new Set(Object.keys(document.components.schemas))).toEqual(references);
    expect(Object.keys(document.components.schemas)).not.toContain('SubmitCheckoutBodyInput');
  });
});
