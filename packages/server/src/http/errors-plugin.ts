import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { Codes } from '@parley/sdk/contract/envelope';
import { Messages } from '@parley/sdk/contract/messages';
import { isStatementTimeout } from '../db/database.js';
import { ApiError } from './api-error.js';

export function zodToApiError(error: ZodError): ApiError {
  return ApiError.validation(error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message })));
}

/** Maps every failure to the envelope; nothing leaves the API as a bare stack trace or HTML page. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((raw: FastifyError | Error, request, replyTo) => {
    let error: ApiError;
    if (raw instanceof ApiError) error = raw;
    else if (raw instanceof ZodError) error = zodToApiError(raw);
    // Not the server's fault, nor the caller's input: the request asked for more than its time allows.
    else if (isStatementTimeout(raw)) {
      request.log.warn({ err: raw }, 'statement stopped by the request time limit');
      error = new ApiError(Codes.TOO_SLOW, Messages.tooSlow, 503);
    } else if ('statusCode' in raw && typeof raw.statusCode === 'number' && raw.statusCode < 500) {
      error = new ApiError(raw.statusCode === 429 ? Codes.TOO_MANY_ATTEMPTS : Codes.VALIDATION_FAILED, raw.message, raw.statusCode);
    } else {
      request.log.error({ err: raw }, 'unhandled error');
      error = new ApiError(Codes.INTERNAL, Messages.genericError, 500);
    }
    request.replyCode = error.code;
    void replyTo.status(error.httpStatus).send({
      status: false,
      code: error.code,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
      ...(error.loginRequired ? { login_required: true } : {}),
    });
  });
});
