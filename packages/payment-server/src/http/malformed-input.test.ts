import { errorEnvelopeSchema, ID_PREFIXES } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import { startAndSubmit } from '../test-utils/checkout-steps.ts';
import { createSchemaArbitraries, withField, type JsonSchema } from '../test-utils/json-schema-arbitrary.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../test-utils/payment-test-app.ts';
import { OPENAPI_PATH } from './openapi.ts';

/**
 * Issue 3: no endpoint answers 500 to malformed JSON, wrong types, huge numbers, negative
 * quantities or unknown fields. The operations come from the OpenAPI document, so a route
 * added later is attacked too without anyone listing it here.
 */

const RANDOM_RUNS_PER_OPERATION = 25;
const TEST_TIMEOUT_MS = 300_000;

/** What goes where a field's value should be: wrong types, huge, negative and empty values. */
const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  -1e308,
  1e308,
  2 ** 64,
  -(2 ** 63),
  0.5,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  '-1',
  '1e308',
  '9'.repeat(400),
  '\u0000',
  'x'.repeat(20_000),
  [],
  [1, 'two', null],
  {},
  { $gt: '' },
];

/** Query and path values arrive as strings. */
const HOSTILE_TEXT: readonly string[] = [
  '18446744073709551616',
  '',
  ' ',
  '-1',
  '0',
  '1e308',
  '9'.repeat(400),
  'null',
  '[]',
  '{}',
  '%00',
  '../..',
];
const WRONG_IDS = [
  ...Object.values(ID_PREFIXES).map((prefix) => `${prefix}_demo`),
  'demo',
  `cs_${'a'.repeat(80)}`,
];

const MALFORMED_JSON: readonly string[] = [
  '{',
  '{"customer_name":',
  '{"a":1}}',
  "{'a':1}",
  'nul',
  '[1,2',
  '\u0000',
  '{"a":01}',
  '{"a":1e999999}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `{"a":"${'x'.repeat(2_000_000)}"}`,
];

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema: JsonSchema;
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

interface Attempt {
  label: string;
  path?: Record<string, string>;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  /** A raw string is sent as is with a JSON content type; anything else is serialised. */
  payload?: unknown;
  contentType?: string;
}

interface Failure {
  attempt: string;
  status: number;
  body: string;
}

function operationsOf(document: { paths: Record<string, Record<string, JsonSchema>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const content = (
        operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined
      )?.content;
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: (operation.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema ?? null,
      };
    }),
  );
}

function isAcceptable(response: LightMyRequestResponse): boolean {
  if (response.statusCode >= 500) return false;
  if (response.statusCode < 400) return true;
  try {
    return errorEnvelopeSchema.safeParse(response.json()).success;
  } catch {
    return false;
  }
}

describe.each(TEST_DIALECTS)('malformed input on %s', (dialect) => {
  let t: PaymentTestApp;
  let operations: Operation[];
  let arbitraries: ReturnType<typeof createSchemaArbitraries>;
  let knownIds: string[];

  beforeAll(async () => {
    t = await openPaymentTestApp(dialect);
    const document = (await t.app.inject({ url: `${API}${OPENAPI_PATH}` })).json();
    operations = operationsOf(document);
    // Real ids of every kind the demo and one purchase create, so requests get past "not found".
    const paid = await startAndSubmit(t);
    const started = await t.app.inject({
      method: 'POST',
      url: `${API}/checkout-sessions/start/${DEMO.oneTimeLinkId}`,
    });
    // The open session first: it is the one a checkout route should reach.
    knownIds = [started.json().checkoutSession.id, ...Object.values(DEMO), paid.sessionId, paid.intentId];
    arbitraries = createSchemaArbitraries(document.components.schemas, knownIds);
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * A real id for a path parameter whose schema takes any string (the route answers a wrong
   * prefix itself): the kind comes from the name (`paymentLinkId`), the segment before it
   * (`/payment-intents/{id}`) or the module (`/checkout-sessions/retrieve/{id}`).
   */
  function knownIdFor(operation: Operation, name: string): string | undefined {
    const segments = operation.path.split('/').filter(Boolean);
    const before = segments[segments.indexOf(`{${name}}`) - 1] ?? '';
    const singular = (segment: string) =>
      segment.replace(/s$/, '').replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
    const kind = [name.replace(/Id$/, ''), singular(before), singular(segments[0] ?? '')].find(
      (candidate) => candidate in ID_PREFIXES,
    );
    const prefix = kind ? ID_PREFIXES[kind as keyof typeof ID_PREFIXES] : undefined;
    return prefix ? knownIds.find((id) => id.startsWith(`${prefix}_`)) : undefined;
  }

  /** One valid-looking value per parameter and for the body, the base every attempt breaks one part of. */
  function baseline(operation: Operation) {
    const sample = <T>(arbitrary: fc.Arbitrary<T>): T => fc.sample(arbitrary, { numRuns: 1, seed: 3 })[0]!;
    const of = (where: Parameter['in']) =>
      Object.fromEntries(
        operation.parameters
          .filter((parameter) => parameter.in === where && parameter.name !== 'idempotency-key')
          .map((parameter) => [
            parameter.name,
            (where === 'path' && !parameter.schema.pattern && knownIdFor(operation, parameter.name)) ||
              sample(arbitraries.arbitrary(parameter.schema)),
          ]),
      );
    // A form-exploded object parameter (free-form query) spreads its keys over the query string.
    const query = Object.entries(of('query')).flatMap(([name, value]) =>
      value !== null && typeof value === 'object' ? Object.entries(value) : [[name, value]],
    );
    return {
      path: of('path') as Record<string, string>,
      query: Object.fromEntries(query.map(([name, value]) => [name, String(value)])) as Record<
        string,
        string
      >,
      body: operation.body ? sample(arbitraries.arbitrary(operation.body)) : undefined,
    };
  }

  function* attemptsFor(operation: Operation): Generator<Attempt> {
    const base = baseline(operation);
    const withBase = (attempt: Attempt): Attempt => ({
      path: base.path,
      query: base.query,
      payload: base.body,
      ...attempt,
    });
    yield withBase({ label: 'the baseline request' });

    for (const name of Object.keys(base.path)) {
      for (const value of [...WRONG_IDS, ...HOSTILE_TEXT]) {
        yield withBase({
          label: `path ${name}=${value.slice(0, 40)}`,
          path: { ...base.path, [name]: value },
        });
      }
    }
    const queryNames = operation.parameters
      .filter((parameter) => parameter.in === 'query')
      .map((p) => p.name);
    for (const name of queryNames) {
      for (const value of HOSTILE_TEXT) {
        yield withBase({
          label: `query ${name}=${value.slice(0, 40)}`,
          query: { ...base.query, [name]: value },
        });
      }
      yield withBase({ label: `query ${name} twice`, query: { ...base.query, [name]: ['1', 'x'] } });
    }
    yield withBase({
      label: 'unknown query parameters',
      query: { ...base.query, zzz: '1', ['__proto__']: 'x', 'constructor[prototype]': '1' },
    });
    if (operation.parameters.some((parameter) => parameter.name === 'idempotency-key')) {
      for (const key of ['', 'k'.repeat(300), '9'.repeat(255)]) {
        yield withBase({ label: `Idempotency-Key of ${key.length}`, headers: { 'idempotency-key': key } });
      }
    }

    if (operation.method === 'GET') return;
    for (const raw of MALFORMED_JSON)
      yield withBase({ label: `malformed JSON ${raw.slice(0, 30)}`, payload: raw });
    yield withBase({
      label: 'a JSON body sent as text',
      payload: JSON.stringify(base.body ?? {}),
      contentType: 'text/plain',
    });
    for (const value of HOSTILE_VALUES) {
      yield withBase({ label: `body ${JSON.stringify(value).slice(0, 40)}`, payload: JSON.stringify(value) });
    }
    let deep: unknown = { end: true };
    for (let level = 0; level < 2_000; level += 1) deep = { nested: deep };
    yield withBase({ label: 'deeply nested body', payload: deep });
    if (!operation.body) return;
    yield withBase({
      label: 'unknown fields',
      payload: { ...(base.body as object), zzz: 1, is_admin: true, amount_total: '-1', livemode: 'yes' },
    });
    const paths = new Map(arbitraries.fieldPaths(operation.body).map((path) => [path.join('.'), path]));
    for (const [name, path] of paths) {
      for (const value of HOSTILE_VALUES) {
        yield withBase({
          label: `body ${name}=${JSON.stringify(value).slice(0, 40)}`,
          payload: withField(base.body, path, value),
        });
      }
    }
  }

  async function send(operation: Operation, attempt: Attempt, headers: Record<string, string>) {
    const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(attempt.path?.[name] ?? ''),
    );
    const search = new URLSearchParams();
    for (const [name, values] of Object.entries(attempt.query ?? {})) {
      for (const value of [values].flat()) search.append(name, value);
    }
    const isRaw = typeof attempt.payload === 'string';
    return t.app.inject({
      method: operation.method,
      url: `${API}${url}?${search}`,
      headers: {
        ...headers,
        ...attempt.headers,
        ...(attempt.payload !== undefined
          ? { 'content-type': attempt.contentType ?? 'application/json' }
          : {}),
      },
      ...(attempt.payload === undefined
        ? {}
        : { payload: isRaw ? (attempt.payload as string) : JSON.stringify(attempt.payload) }),
    });
  }

  async function attack(headers: Record<string, string>): Promise<Failure[]> {
    const failures: Failure[] = [];
    const record = (operation: Operation, label: string, response: LightMyRequestResponse) => {
      if (isAcceptable(response)) return;
      failures.push({
        attempt: `${operation.method} ${operation.path}: ${label}`,
        status: response.statusCode,
        body: response.body.slice(0, 300),
      });
    };
    for (const operation of operations) {
      for (const attempt of attemptsFor(operation)) {
        record(operation, attempt.label, await send(operation, attempt, headers));
      }
      // Random requests: each part valid-looking or arbitrary JSON, in every combination.
      const base = baseline(operation);
      const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...WRONG_IDS));
      const pathArbitrary = fc.record(
        Object.fromEntries(
          Object.keys(base.path).map((name) => [name, fc.oneof(fc.constant(base.path[name]!), text)]),
        ),
      );
      const queryArbitrary = fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), text, { maxKeys: 4 });
      const bodyArbitrary = operation.body
        ? fc.oneof(arbitraries.arbitrary(operation.body), fc.jsonValue({ maxDepth: 4 }))
        : fc.jsonValue({ maxDepth: 4 });
      const randomRequests = fc.sample(fc.tuple(pathArbitrary, queryArbitrary, bodyArbitrary), {
        numRuns: RANDOM_RUNS_PER_OPERATION,
        seed: 42,
      });
      for (const [path, query, payload] of randomRequests) {
        const attempt = {
          label: `random ${JSON.stringify({ path, query, payload }).slice(0, 200)}`,
          path,
          query,
        };
        const withBody = operation.method === 'GET' ? attempt : { ...attempt, payload };
        record(operation, attempt.label, await send(operation, withBody, headers));
      }
    }
    return failures;
  }

  it(
    'answers a signed-out caller with the error envelope and never a 500',
    async () => {
      expect(operations.length).toBeGreaterThan(5);
      expect(await attack({})).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'answers an owner with the error envelope and never a 500',
    async () => {
      const owner = t.signedIn({
        did: 'did:bazaar:usr_owner',
        role: 'owner',
        passports: [{ role: 'owner', name: 'owner' }],
      });
      expect(await attack(owner)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
