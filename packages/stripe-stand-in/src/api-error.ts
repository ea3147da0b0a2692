/** The `error` member of Stripe's error answers. */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: object;
  setup_intent?: object;
  payment_method?: object;
}

/**
 * An answer other than 2xx, as Stripe gives it. The stand-in's handlers throw it; the payer helpers
 * (`confirmAsPayer`, `authenticateAsPayer`) throw it too, so tests see the status and Stripe's body.
 */
export class StripeApiError extends Error {
  readonly statusCode: number;
  readonly error: StripeErrorBody;
  /** Parameter checks fail before the request runs: Stripe keeps no idempotent result for those. */
  readonly beforeExecution: boolean;

  constructor(statusCode: number, error: StripeErrorBody, options: { beforeExecution?: boolean } = {}) {
    super(error.message);
    this.name = 'StripeApiError';
    this.statusCode = statusCode;
    this.error = error;
    this.beforeExecution = options.beforeExecution ?? false;
  }

  get type(): string {
    return this.error.type;
  }

  get code(): string | undefined {
    return this.error.code;
  }

  get decline_code(): string | undefined {
    return this.error.decline_code;
  }

  get payment_intent(): object | undefined {
    return this.error.payment_intent;
  }

  get setup_intent(): object | undefined {
    return this.error.setup_intent;
  }

  toJSON(): { error: StripeErrorBody } {
    return { error: this.error };
  }
}

/** Stripe's documentation page for an error code, as its answers link it. */
export function docUrlOf(code: string): string {
  return `https://docs.stripe.com/error-codes/${code.replaceAll('_', '-')}`;
}

export function invalidRequest(message: string, extra: Partial<StripeErrorBody> = {}): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...extra,
    ...(extra.code && !extra.doc_url && { doc_url: docUrlOf(extra.code) }),
  });
}

/** A parameter Stripe refuses before doing anything. */
export function invalidParam(param: string, message: string, code?: string): StripeApiError {
  return new StripeApiError(
    400,
    { type: 'invalid_request_error', message, param, ...(code && { code, doc_url: docUrlOf(code) }) },
    { beforeExecution: true },
  );
}

export function unknownParam(param: string): StripeApiError {
  return invalidParam(param, `Received unknown parameter: ${param}`, 'parameter_unknown');
}

export function missingParam(param: string): StripeApiError {
  return invalidParam(param, `Missing required param: ${param}.`, 'parameter_missing');
}

/** "No such payment_intent: 'pi_…'", 404 when the path names it, 400 when a parameter does. */
export function resourceMissing(objectName: string, id: string, param: string | null = null): StripeApiError {
  return new StripeApiError(param ? 400 : 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: docUrlOf('resource_missing'),
    message: `No such ${objectName}: '${id}'`,
    param: param ?? 'id',
  });
}

export function unrecognizedUrl(method: string, path: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });
}

export function authenticationError(message: string): StripeApiError {
  return new StripeApiError(401, { type: 'invalid_request_error', message }, { beforeExecution: true });
}

export function idempotencyError(message: string): StripeApiError {
  return new StripeApiError(400, { type: 'idempotency_error', message }, { beforeExecution: true });
}
