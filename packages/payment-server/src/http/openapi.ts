import fastifySwagger from '@fastify/swagger';
import * as contracts from '@bazaar/schemas';
import { errorEnvelopeSchema } from '@bazaar/schemas';
import { IDEMPOTENCY_HEADER } from '@bazaar/server-kit';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const OPENAPI_PATH = '/openapi.json';
const COMPONENTS_REF = '#/components/schemas/';

/**
 * Every exported contract schema of @bazaar/schemas becomes a named component
 * (`submitCheckoutBodySchema` → `SubmitCheckoutBody`), so a schema added there is named in the
 * document without anyone listing it. The names go into zod's global registry because that is
 * where `.describe()` keeps its texts, and the transform reads names and texts from one registry.
 */
function nameContractSchemas() {
  const registry = z.globalRegistry;
  for (const [name, value] of Object.entries(contracts)) {
    if (!name.endsWith('Schema') || !(value instanceof z.ZodType) || registry.get(value)?.id) continue;
    const id = name[0]!.toUpperCase() + name.slice(1, -'Schema'.length);
    // The transform names a schema's request form `<id>Input`: `Recurring` and `RecurringInput` would clash.
    const clashes = [...registry._idmap.keys()].some(
      (taken) => taken === id || taken === `${id}Input` || `${taken}Input` === id,
    );
    if (!clashes) registry.add(value, { ...registry.get(value), id });
  }
}
nameContractSchemas();

const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .max(255)
    .optional()
    .describe('Repeat the request with the same key to get the first answer back without running it twice'),
});

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The module is the first segment under the mount (`/checkout-sessions/…` → `checkout-sessions`). */
function moduleTag(mount: string, url: string): string {
  return url.slice(mount.length).split('/').find(Boolean) ?? 'api';
}

/**
 * Adds what every route shares but does not spell out: the error envelope as the answer to
 * anything that is not a success, the Idempotency-Key header on routes that honour it, and a
 * tag per module.
 */
function withSharedParts(schema: FastifySchema, route: RouteOptions, tag: string): FastifySchema {
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const shared: FastifySchema = {
    ...schema,
    response: {
      ...response,
      default: {
        description: 'Any failure, as the error envelope with a stable code',
        content: { 'application/json': { schema: errorEnvelopeSchema } },
      },
    },
  };
  if (!schema.tags) shared.tags = [tag];
  if (route.config?.idempotent) {
    shared.headers =
      schema.headers instanceof z.ZodObject
        ? schema.headers.extend(idempotencyHeaders.shape)
        : idempotencyHeaders;
  }
  return shared;
}

/**
 * A free-form query (a record, like the start route's seller metadata) has no properties to
 * list as parameters; OpenAPI describes it as one form-exploded object parameter.
 */
function asObjectParameter(querystring: unknown): unknown {
  if (querystring === null || typeof querystring !== 'object' || 'properties' in querystring)
    return querystring;
  return { type: 'object', properties: { query: querystring }, style: 'form', explode: true };
}

function transformRoute(mount: string, input: TransformInput) {
  if (!input.schema || input.schema.hide) return jsonSchemaTransform(input);
  const route = input.route as RouteOptions;
  const transformed = jsonSchemaTransform({
    ...input,
    schema: withSharedParts(input.schema, route, moduleTag(mount, input.url)),
  });
  const schema = transformed.schema as Record<string, unknown>;
  if (schema.querystring) schema.querystring = asObjectParameter(schema.querystring);
  return transformed;
}

/** The component names a JSON value refers to through `$ref`. */
function referencedNames(value: unknown, found: Set<string>) {
  if (Array.isArray(value)) {
    for (const item of value) referencedNames(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENTS_REF)) {
        found.add(child.slice(COMPONENTS_REF.length));
      } else {
        referencedNames(child, found);
      }
    }
  }
}

/**
 * The transform emits every registered contract (input and output forms); keep only those
 * the kit's operations reach, so the document is about this API and nothing else.
 */
function transformDocument(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const document = jsonSchemaTransformObject(input);
  if (!('components' in document)) return document;
  const all: Record<string, unknown> = document.components?.schemas ?? {};
  const reached = new Set<string>();
  referencedNames(document.paths, reached);
  const pending = [...reached];
  while (pending.length > 0) {
    const next = new Set<string>();
    referencedNames(all[pending.pop()!], next);
    for (const name of next) {
      if (!reached.has(name)) {
        reached.add(name);
        pending.push(name);
      }
    }
  }
  // The transform built this components object for this document alone, so trimming it is safe.
  for (const name of Object.keys(all)) {
    if (!reached.has(name)) Reflect.deleteProperty(all, name);
  }
  return document;
}

/**
 * Publishes the kit's API as OpenAPI 3.1 at `<mount>/openapi.json` (`/payment-kit/api/…` on the
 * platform), generated from the routes' zod schemas, with paths relative to the mount. Register
 * it on the API's own instance before its routes, so the document holds exactly those routes.
 */
export async function registerOpenApi(instance: FastifyInstance) {
  const mount = instance.prefix;
  await instance.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Bazaar Payment Kit API', version: '1.0.0' },
      servers: [{ url: mount }],
    },
    transform: (input) => transformRoute(mount, input),
    transformObject: transformDocument,
  });
  instance.get(OPENAPI_PATH, { schema: { hide: true } }, async () => instance.swagger());
}
