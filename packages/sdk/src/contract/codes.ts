/**
 * Reply codes. 100, 101 and 1403 are the specs' own; the others follow the 1403 pattern (1 + HTTP-like number)
 * so a client can branch on `code` alone. Kept apart from the zod envelope so the transport loads without zod.
 */
export const Codes = {
  SUCCESS: 100,
  AGENT_HAS_STORIES: 101,
  VALIDATION_FAILED: 1400,
  LOGIN_REQUIRED: 1401,
  TWO_FACTOR_REQUIRED: 1402,
  ACCESS_DENIED: 1403,
  NOT_FOUND: 1404,
  CONFLICT: 1409,
  TOO_MANY_ATTEMPTS: 1429,
  INTERNAL: 1500,
  NOT_CONFIGURED: 1501,
  /** A statement ran past the request's time limit and was stopped (HTTP 503): the request can be made smaller. */
  TOO_SLOW: 1503,
} as const;
export type Code = (typeof Codes)[keyof typeof Codes];
