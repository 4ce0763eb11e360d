import type { FastifyReply, FastifyRequest } from 'fastify';
import { Codes } from '@parley/sdk/contract/envelope';
import { Messages } from '@parley/sdk/contract/messages';
import type { PredictReply } from '@parley/sdk/contract/nlp-runtime';
import { ApiError } from '../../http/api-error.js';
import { readingHeadersFor } from '../../http/embed-cors.js';

/**
 * A turn answered as server-sent events (nlpRuntimeStreamApi.predictIntentStream): `delta` events while a prompt
 * agent's LLM writes, then the `reply` event with predictIntent's envelope. The stream opens only with the first
 * event, so a refusal before it (unknown agent, not trained) is thrown and answered as the usual JSON envelope.
 */
export async function streamTurn(request: FastifyRequest, reply: FastifyReply, run: (onDelta: (text: string) => void) => Promise<PredictReply>): Promise<void> {
  let opened = false;
  const send = (event: string, data: unknown) => reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const open = () => {
    if (opened) return;
    opened = true;
    reply.hijack();
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      // The onSend hook that lets a partner page read the reply does not run for a hijacked one.
      ...readingHeadersFor(request),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      // A reverse proxy must pass each event on at once rather than buffer the reply.
      'x-accel-buffering': 'no',
    });
  };
  try {
    const result = await run((text) => {
      open();
      send('delta', { text });
    });
    open();
    request.replyCode = Codes.SUCCESS;
    send('reply', { status: true, code: Codes.SUCCESS, message: 'Success', data: result });
  } catch (err) {
    if (!opened) throw err;
    // Part of the reply is out already: the failure ends the stream as an envelope of its own.
    const error = err instanceof ApiError ? err : new ApiError(Codes.INTERNAL, Messages.genericError, 500);
    if (!(err instanceof ApiError)) request.log.error({ err }, 'streamed turn failed');
    request.replyCode = error.code;
    send('reply', { status: false, code: error.code, message: error.message });
  }
  reply.raw.end();
}
