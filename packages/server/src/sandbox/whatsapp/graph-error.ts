import { randomBytes } from 'node:crypto';

export interface GraphErrorDetails {
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  /** WhatsApp errors carry `{ messaging_product, details }` here. */
  details?: string;
}

/** A refusal in the Graph API's shape: `{ error: { message, type, code, error_subcode, fbtrace_id, ... } }`. */
export class GraphError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    readonly extra: GraphErrorDetails = {},
    readonly type = 'OAuthException',
  ) {
    super(message);
  }

  body() {
    const { details, ...rest } = this.extra;
    return {
      error: {
        message: this.message,
        type: this.type,
        code: this.code,
        ...rest,
        ...(details !== undefined ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
        fbtrace_id: fbtraceId(),
      },
    };
  }
}

/** Meta stamps every error with an opaque trace id; support asks for it. */
export const fbtraceId = () => randomBytes(16).toString('base64url').slice(0, 21);

export const GraphErrors = {
  badToken: () => new GraphError(401, 190, 'Invalid OAuth access token.'),
  invalidParameter: (details: string, extra: Omit<GraphErrorDetails, 'details'> = {}) =>
    new GraphError(400, 100, '(#100) Invalid parameter', { ...extra, details }),
  required: (param: string) => new GraphError(400, 100, `(#100) The parameter ${param} is required.`),
  unknownPath: (path: string) => new GraphError(400, 2500, `Unknown path components: ${path}`),
  rateLimit: () => new GraphError(400, 130429, '(#130429) Rate limit hit', { details: 'Cloud API message throughput has been reached.' }),
  noTranslation: (name: string, language: string) =>
    new GraphError(404, 132001, '(#132001) Template name does not exist in the translation', {
      details: `template name (${name}) does not exist in ${language}`,
    }),
  paramCount: (where: string, given: number, expected: number) =>
    new GraphError(400, 132000, '(#132000) Number of parameters does not match the expected number of params', {
      details: `${where}: number of localizable_params (${given}) does not match the expected number of params (${expected})`,
    }),
  unknown: () => new GraphError(500, 1, 'An unknown error has occurred.'),
  /** Graph's answer for an id it holds nothing under (a media id never uploaded, or one of another kind). */
  unknownObject: (id: string) =>
    new GraphError(
      400,
      100,
      `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      { error_subcode: 33 },
      'GraphMethodException',
    ),
};
