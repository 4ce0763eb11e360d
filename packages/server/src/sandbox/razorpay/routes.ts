import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { SANDBOX_RAZORPAY_KEY_ID, SANDBOX_RAZORPAY_PREFIX, sandboxRazorpaySecret } from '../../domains/billing/payment-setup.js';
import { callbackSignature } from '../../vendors/razorpay-links.js';
import { entityOf, razorpayId, SandboxLinks, type SandboxLink } from './links-store.js';
import { payPage } from './pay-page.js';

type Json = Record<string, unknown>;

const error = (res: FastifyReply, status: number, description: string, code = 'BAD_REQUEST_ERROR') =>
  res.status(status).send({ error: { code, description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {} } });

/**
 * The built-in payment sandbox (PARLEY_SANDBOX): Razorpay's Payment Links API (`POST /v1/payment_links`,
 * `GET /v1/payment_links/:id`, Basic auth with this installation's sandbox key) and a hosted page where the demo user
 * pays, cancels or lets the link expire. Each choice redirects to the link's callback URL with Razorpay's query
 * parameters, signed as Razorpay signs them, so the product's verification runs exactly as in production.
 */
export async function sandboxRazorpayRoutes(app: FastifyInstance, deps: { config: Config }) {
  const links = new SandboxLinks();
  const secret = sandboxRazorpaySecret(deps.config);
  const expected = `Basic ${Buffer.from(`${SANDBOX_RAZORPAY_KEY_ID}:${secret}`).toString('base64')}`;
  const baseUrl = `${deps.config.publicUrl}${SANDBOX_RAZORPAY_PREFIX}`;
  const authorized = (request: FastifyRequest) => request.headers.authorization === expected;

  await app.register(
    async (scope) => {
      scope.post('/v1/payment_links', async (request, res) => {
        if (!authorized(request)) return error(res, 401, 'The api key provided is invalid', 'BAD_REQUEST_ERROR');
        const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Json;
        const amount = Number(body.amount);
        if (!Number.isInteger(amount) || amount < 100) return error(res, 400, 'The amount must be atleast INR 1.00');
        if (body.currency !== 'INR' && body.currency !== 'USD') return error(res, 400, 'The currency is invalid');
        if (typeof body.callback_url !== 'string' || body.callback_method !== 'get')
          return error(res, 400, 'callback_url and callback_method get are required');
        const referenceId = typeof body.reference_id === 'string' ? body.reference_id.slice(0, 40) : '';
        const created = links.create({
          amount,
          currency: body.currency,
          referenceId,
          description: typeof body.description === 'string' ? body.description.slice(0, 2048) : '',
          callbackUrl: body.callback_url,
          expireBy: Number(body.expire_by) > 0 ? Number(body.expire_by) : 0,
        });
        if (created === 'duplicate') return error(res, 400, `Payment Link with reference id ${referenceId} already exists`);
        return entityOf(created, baseUrl);
      });
      scope.get<{ Params: { id: string } }>('/v1/payment_links/:id', async (request, res) => {
        if (!authorized(request)) return error(res, 401, 'The api key provided is invalid');
        const link = links.get(request.params.id);
        if (!link) return error(res, 400, 'The id provided does not exist');
        return entityOf(link, baseUrl);
      });
      scope.get<{ Params: { id: string } }>('/pay/:id', async (request, res) => {
        const link = links.get(request.params.id);
        if (!link) return res.status(404).type('text/plain').send('Sandbox payment link not found (links last as long as the server process).');
        // Its own policy: the console's `form-action 'self'` would stop the redirect to a callback on another origin
        // (PUBLIC_URL's name for this server), which the real checkout, on Razorpay's origin, makes anyway.
        const callbackOrigin = new URL(link.callbackUrl).origin;
        res.header(
          'content-security-policy',
          `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${callbackOrigin}; frame-ancestors 'none'; base-uri 'none'`,
        );
        return res.type('text/html; charset=utf-8').send(payPage(link, SANDBOX_RAZORPAY_PREFIX));
      });
      scope.post<{ Params: { id: string; choice: string } }>('/pay/:id/:choice', async (request, res) => {
        const link = links.get(request.params.id);
        if (!link) return res.status(404).type('text/plain').send('Sandbox payment link not found.');
        const choice = request.params.choice;
        if (link.status === 'created') {
          if (choice === 'pay') Object.assign(link, { status: 'paid', paymentId: razorpayId('pay') } satisfies Partial<SandboxLink>);
          else if (choice === 'cancel') link.status = 'cancelled';
          else if (choice === 'expire') link.status = 'expired';
        }
        return res.redirect(callbackUrlOf(link, secret), 303);
      });
    },
    { prefix: SANDBOX_RAZORPAY_PREFIX },
  );
}

/** The link's callback URL with Razorpay's parameters and signature (`link|reference|status|payment`). */
export function callbackUrlOf(link: SandboxLink, secret: string): string {
  const url = new URL(link.callbackUrl);
  const params = { linkId: link.id, referenceId: link.referenceId, status: link.status, paymentId: link.paymentId };
  url.searchParams.set('razorpay_payment_id', link.paymentId);
  url.searchParams.set('razorpay_payment_link_id', link.id);
  url.searchParams.set('razorpay_payment_link_reference_id', link.referenceId);
  url.searchParams.set('razorpay_payment_link_status', link.status);
  url.searchParams.set('razorpay_signature', callbackSignature(secret, params));
  return url.toString();
}
