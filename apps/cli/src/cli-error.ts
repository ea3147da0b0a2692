/** Exit codes: 0 done, 1 the command failed, 2 it was called wrongly (unknown flag, bad argument). */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A detail of a refusal, as the Store's envelope carries them (`{ path, message }`). */
export interface CliErrorDetail {
  path: string;
  message: string;
}

/**
 * The one error the commands throw: a stable `code` (the Store's own error code when the Store
 * refused, else one of the CLI's: STORE_UNREACHABLE, NOT_CONNECTED, CONFIG_INSECURE, …), a
 * message for people, and the exit code.
 */
export class CliError extends Error {
  override readonly name = 'CliError';
  readonly code: string;
  readonly exitCode: number;
  readonly details: CliErrorDetail[];
  /** A next step, printed under the message ("Run bazaar connect"). */
  readonly hint: string | undefined;

  constructor(
    code: string,
    message: string,
    options: { exitCode?: number; details?: CliErrorDetail[]; hint?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.exitCode = options.exitCode ?? EXIT_FAILURE;
    this.details = options.details ?? [];
    this.hint = options.hint;
  }
}

/** A wrong call of a command (exit 2). */
export function usageError(code: string, message: string, hint?: string): CliError {
  return new CliError(code, message, { exitCode: EXIT_USAGE, hint });
}
