import fc from 'fast-check';

export type JsonSchema = { [keyword: string]: unknown };

const COMPONENTS_REF = '#/components/schemas/';
/** Deeper than any contract nests; stops self-referencing schemas from recursing forever. */
const MAX_DEPTH = 8;
const MAX_GENERATED_LENGTH = 24;

function isSchema(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

/**
 * Values that satisfy a JSON schema of an OpenAPI document (the subset zod emits), so a
 * robustness test can start from a request the route accepts and break one part of it.
 * `knownIds` stands in for patterned ids (`^cs_…`), so requests reach real rows.
 */
export function createSchemaArbitraries(components: Record<string, JsonSchema>, knownIds: readonly string[]) {
  function resolve(schema: JsonSchema): JsonSchema {
    const ref = schema.$ref;
    if (typeof ref !== 'string' || !ref.startsWith(COMPONENTS_REF)) return schema;
    const target = components[ref.slice(COMPONENTS_REF.length)];
    if (!target) throw new Error(`unresolved ${ref}`);
    return resolve(target);
  }

  function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
    const minLength = numberOr(schema.minLength, 0);
    const maxLength = numberOr(schema.maxLength, Number.MAX_SAFE_INTEGER);
    if (schema.format === 'email') return fc.constantFrom('ada@example.com', 'li.lei@example.cn');
    if (typeof schema.pattern === 'string') {
      const pattern = new RegExp(schema.pattern);
      const ids = knownIds.filter((id) => pattern.test(id));
      if (ids.length > 0) return fc.constantFrom(...ids);
      // Only the schema's own bounds: a pattern may need more characters than we would choose.
      return fc
        .stringMatching(pattern)
        .filter((value) => value.length >= minLength && value.length <= maxLength);
    }
    return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + MAX_GENERATED_LENGTH) });
  }

  function objectArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const properties = isSchema(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
    if (Object.keys(properties).length === 0 && isSchema(schema.additionalProperties)) {
      return fc.dictionary(
        fc.string({ minLength: 1, maxLength: 8 }),
        arbitrary(schema.additionalProperties, depth + 1),
        {
          maxKeys: 3,
        },
      );
    }
    const fields = Object.fromEntries(
      Object.entries(properties).map(([name, child]) => [
        name,
        arbitrary(isSchema(child) ? child : {}, depth + 1),
      ]),
    );
    return fc.record(fields, { requiredKeys: required.filter((name) => name in fields) });
  }

  function typedArbitrary(schema: JsonSchema, type: unknown, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'string':
        return stringArbitrary(schema);
      case 'integer':
        return fc.integer({
          min: Math.max(numberOr(schema.minimum, -1_000_000), -1_000_000),
          max: Math.min(numberOr(schema.maximum, 1_000_000), 1_000_000),
        });
      case 'number':
        return fc.double({
          min: numberOr(schema.minimum, -1_000_000),
          max: numberOr(schema.maximum, 1_000_000),
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const items = isSchema(schema.items) ? schema.items : {};
        const minLength = numberOr(schema.minItems, 0);
        return fc.array(arbitrary(items, depth + 1), {
          minLength,
          maxLength: Math.max(minLength, Math.min(numberOr(schema.maxItems, 3), 3)),
        });
      }
      case 'object':
        return objectArbitrary(schema, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  /** An arbitrary of values valid for `schema` (as far as its keywords can be honoured). */
  function arbitrary(raw: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    if (depth > MAX_DEPTH) return fc.constant(null);
    const schema = resolve(raw);
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum) && schema.enum.length > 0)
      return fc.constantFrom(...(schema.enum as unknown[]));
    const alternatives = Array.isArray(schema.anyOf)
      ? schema.anyOf
      : Array.isArray(schema.oneOf)
        ? schema.oneOf
        : null;
    if (alternatives) {
      return fc.oneof(
        ...alternatives.filter(isSchema).map((alternative) => arbitrary(alternative, depth + 1)),
      );
    }
    if (Array.isArray(schema.allOf) && isSchema(schema.allOf[0]))
      return arbitrary(schema.allOf[0], depth + 1);
    if (Array.isArray(schema.type)) {
      return fc.oneof(...schema.type.map((type) => typedArbitrary(schema, type, depth)));
    }
    return typedArbitrary(schema, schema.type ?? (isSchema(schema.properties) ? 'object' : undefined), depth);
  }

  /**
   * Every path to a field the schema names (`billing_address.postal_code`, `line_items.0.quantity`),
   * so each can be replaced by a hostile value on its own.
   */
  function fieldPaths(raw: JsonSchema, prefix: string[] = [], depth = 0): string[][] {
    if (depth > MAX_DEPTH) return [];
    const schema = resolve(raw);
    const nested: string[][] = [];
    if (isSchema(schema.properties)) {
      for (const [name, child] of Object.entries(schema.properties)) {
        nested.push(
          [...prefix, name],
          ...fieldPaths(isSchema(child) ? child : {}, [...prefix, name], depth + 1),
        );
      }
    }
    if (isSchema(schema.items)) {
      nested.push([...prefix, '0'], ...fieldPaths(schema.items, [...prefix, '0'], depth + 1));
    }
    for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
      const alternatives = schema[keyword];
      if (!Array.isArray(alternatives)) continue;
      for (const alternative of alternatives.filter(isSchema))
        nested.push(...fieldPaths(alternative, prefix, depth + 1));
    }
    return nested;
  }

  return { resolve, arbitrary, fieldPaths };
}

/** A copy of `value` with the field at `path` set, creating the objects and arrays on the way. */
export function withField(value: unknown, path: readonly string[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = withField(copy[Number(head)], rest, replacement);
    return copy;
  }
  const base = isSchema(value) ? value : /^\d+$/.test(head) ? [] : {};
  if (Array.isArray(base)) return withField(base, path, replacement);
  return { ...base, [head]: withField(base[head], rest, replacement) };
}
