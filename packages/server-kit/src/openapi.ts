import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import * as contracts from '@bazaar/schemas';
import { errorEnvelopeSchema } from '@bazaar/schemas';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Where each component's API publishes its document, under its own mount. */
export const OPENAPI_PATH = '/openapi.json';
const COMPONENTS_REF = '#/components/schemas/';

/**
 * Every exported contract schema of @bazaar/schemas becomes a named component
 * (`submitCheckoutBodySchema` → `SubmitCheckoutBody`), so a schema added there is named in the
 * documents without anyone listing it. The names go into zod's global registry because that is
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

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

export interface OpenApiOptions {
  title: string;
  version: string;
  securitySchemes?: NonNullable<
    NonNullable<FastifyDynamicSwaggerOptions['openapi']>['components']
  >['securitySchemes'];
  /** What a component adds to an operation beyond what all share (an Idempotency-Key header). */
  extendOperation?: (schema: FastifySchema, route: RouteOptions) => FastifySchema;
}

/** The module is the first segment under the mount (`/checkout-sessions/…` → `checkout-sessions`). */
function moduleTag(mount: string, url: string): string {
  return url.slice(mount.length).split('/').find(Boolean) ?? 'api';
}

/** The error envelope as the answer to anything that is not a success, and a tag per module. */
function withSharedParts(schema: FastifySchema, tag: string): FastifySchema {
  return {
    ...schema,
    response: {
      ...((schema.response ?? {}) as Record<string, unknown>),
      default: {
        description: 'Any failure, as the error envelope with a stable code',
        content: { 'application/json': { schema: errorEnvelopeSchema } },
      },
    },
    tags: schema.tags ?? [tag],
  };
}

/**
 * Parameters are listed one by one, which a `$ref` to a named contract (a shared query such as
 * `listDevelopersQuerySchema`) cannot be: the document gets an unnamed copy of its fields.
 */
function unnamed(part: unknown): unknown {
  return part instanceof z.ZodObject && z.globalRegistry.get(part)?.id ? z.object(part.shape) : part;
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

function transformRoute(mount: string, options: OpenApiOptions, input: TransformInput) {
  if (!input.schema || input.schema.hide) return jsonSchemaTransform(input);
  const route = input.route as RouteOptions;
  const shared = withSharedParts(input.schema, moduleTag(mount, input.url));
  const schema = options.extendOperation ? options.extendOperation(shared, route) : shared;
  for (const part of ['querystring', 'params', 'headers'] as const) {
    if (schema[part]) schema[part] = unnamed(schema[part]);
  }
  const transformed = jsonSchemaTransform({ ...input, schema });
  const json = transformed.schema as Record<string, unknown>;
  if (json.querystring) json.querystring = asObjectParameter(json.querystring);
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
 * Keeps only the components the operations reach: the transform emits every named contract, and
 * parameters are written out after it ran, so this reads the finished document. The document is
 * built once and kept, so trimming it again changes nothing.
 */
function trimComponents<T extends object>(document: T): T {
  const all: Record<string, unknown> =
    (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
  const reached = new Set<string>();
  referencedNames((document as { paths?: unknown }).paths, reached);
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
  for (const name of Object.keys(all)) {
    if (!reached.has(name)) Reflect.deleteProperty(all, name);
  }
  return document;
}

/**
 * Publishes a component's API as OpenAPI 3.1 at `<mount>/openapi.json`, generated from the
 * routes' zod schemas, with paths relative to the mount. Register it on the API's own instance
 * before its routes, so the document holds exactly those routes.
 */
export async function registerOpenApi(instance: FastifyInstance, options: OpenApiOptions) {
  const mount = instance.prefix;
  await instance.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.title, version: options.version },
      servers: [{ url: mount }],
      ...(options.securitySchemes && { components: { securitySchemes: options.securitySchemes } }),
    },
    transform: (input) => transformRoute(mount, options, input),
    transformObject: jsonSchemaTransformObject,
  });
  instance.get(OPENAPI_PATH, { schema: { hide: true } }, async () => trimComponents(instance.swagger()));
}
