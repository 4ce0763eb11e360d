import { Codes, type FieldError } from '@parley/sdk/contract/envelope';
import { Messages } from '@parley/sdk/contract/messages';

/** A refusal the caller should see in the envelope: code, the spec's message, and the HTTP status to send. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 400,
    readonly errors?: FieldError[],
    readonly loginRequired = false,
  ) {
    super(message);
  }

  static validation(errors: FieldError[]) {
    return new ApiError(Codes.VALIDATION_FAILED, errors[0]?.message ?? Messages.validationFailed, 400, errors);
  }
  static field(field: string, message: string) {
    return ApiError.validation([{ field, message }]);
  }
  static notFound(what: string = Messages.notFound) {
    return new ApiError(Codes.NOT_FOUND, what, 404);
  }
  /** Deliberately HTTP 200: the console signs out on HTTP 403 (platform-shell 8), which a missing grant must not do. */
  static accessDenied() {
    return new ApiError(Codes.ACCESS_DENIED, Messages.accessDenied, 200);
  }
  static unauthenticated(message: string = Messages.sessionExpired, loginRequired = true) {
    return new ApiError(Codes.LOGIN_REQUIRED, message, 401, undefined, loginRequired);
  }
  static conflict(message: string, field?: string) {
    return new ApiError(Codes.CONFLICT, message, 409, field ? [{ field, message }] : undefined);
  }
}
