import type { ErrorDetail } from '@bazaar/schemas';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

/**
 * Where the first string holding U+0000 sits in a request part (`lines.0.name`), or null.
 * Iterative, because a body may be nested a hundred thousand levels deep.
 */
function findNulCharacter(data: unknown): string | null {
  const pending: Visit[] = [{ value: data, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === 'string' && value.includes('\u0000')) {
      const path: (string | number)[] = [];
      for (let at: Visit | null = visit; at?.key != null; at = at.parent) path.unshift(at.key);
      return path.join('.');
    }
    if (value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      pending.push({ value: child, key: Array.isArray(value) ? Number(key) : key, parent: visit });
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000 and no field means it, so every request part carrying one
 * is refused here, on both dialects alike, instead of failing at the insert.
 */
const refuseNulThenValidate: FastifySchemaCompiler<Parameters<typeof validatorCompiler>[0]['schema']> = (
  route,
) => {
  const validate = validatorCompiler(route);
  return (data) => {
    const path = findNulCharacter(data);
    if (path === null) return validate(data);
    return {
      error: new AppError('VALIDATION_FAILED', 'Validate failed', [
        { path, message: 'Text may not contain the NUL character' },
      ]),
    };
  };
};

/** Zod validates requests and serialises responses, so a response can't leak columns it doesn't name. */
export function useZod(app: FastifyInstance) {
  app.setValidatorCompiler(refuseNulThenValidate);
  app.setSerializerCompiler(serializerCompiler);
  return app.withTypeProvider<ZodTypeProvider>();
}

export type ZodApp = ReturnType<typeof useZod>;

/** `/billing_address/postal_code` → `billing_address.postal_code`. */
function toPath(instancePath: string, missingProperty: unknown): string {
  const segments = instancePath.split('/').filter(Boolean);
  if (typeof missingProperty === 'string') segments.push(missingProperty);
  return segments.join('.');
}

export function toErrorEnvelope(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: ErrorDetail[] = error.validation.map((issue) => ({
      path: toPath(issue.instancePath, issue.params?.missingProperty),
      message: issue.message ?? 'Invalid',
    }));
    return new AppError('VALIDATION_FAILED', 'Validate failed', details);
  }
  const fastifyError = error as FastifyError;
  if (
    fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return new AppError('INVALID_JSON', 'The request body is not valid JSON');
  }
  if (fastifyError.statusCode === 429) return new AppError('RATE_LIMITED', error.message);
  if (fastifyError.statusCode === 404) return new AppError('NOT_FOUND', error.message);
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new AppError('VALIDATION_FAILED', error.message);
  }
  return new AppError('INTERNAL', 'Something went wrong');
}

/**
 * Fastify answers a few requests before routing, past the error handler: a path parameter
 * longer than `maxParamLength` or a URL that does not decode. Pass this as
 * `Fastify({ frameworkErrors: answerFrameworkError })` so they get the envelope too.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const appError = toErrorEnvelope(error);
  return reply.status(appError.status).send(appError.toEnvelope());
}

/** Every error leaves as `{ error: { code, message, details? } }`; unexpected ones are logged. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toErrorEnvelope(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(appError.status).send(appError.toEnvelope());
  });
  app.setNotFoundHandler((request, reply) => {
    const appError = new AppError(
      'NOT_FOUND',
      `Route ${request.method} ${request.url.split('?')[0]} not found`,
    );
    return reply.status(404).send(appError.toEnvelope());
  });
}
