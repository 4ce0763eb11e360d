import type { FieldError } from './contract/envelope.js';
import { Messages } from './contract/messages.js';

/** A refused or failed call, as a value: the envelope's code and message, field errors, and the HTTP status. */
export class ParleyError extends Error {
  constructor(
    readonly code: number | string,
    message: string,
    readonly errors: FieldError[] = [],
    readonly httpStatus = 0,
  ) {
    super(message);
    this.name = 'ParleyError';
  }

  /** The message of one field, for forms that show server errors beside their inputs. */
  fieldMessage(field: string): string | undefined {
    return this.errors.find((e) => e.field === field)?.message;
  }

  static network(cause?: unknown): ParleyError {
    const error = new ParleyError(0, Messages.genericError);
    if (cause !== undefined) (error as { cause?: unknown }).cause = cause;
    return error;
  }
}
