import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { outboundFetch } from '../../net/outbound-fetch.js';
import { injectFetch } from '../../vendors/inject-fetch.js';
import { RazorpayLinks } from '../../vendors/razorpay-links.js';

/** Where the built-in payment sandbox answers (sandbox/razorpay). */
export const SANDBOX_RAZORPAY_PREFIX = '/sandbox/razorpay';
export const SANDBOX_RAZORPAY_KEY_ID = 'rzp_test_parley_sandbox';

/** The sandbox's key secret: this installation's own, derived from its sandbox app secret, never a shared constant. */
export const sandboxRazorpaySecret = (config: Pick<Config, 'sandboxAppSecret'>) =>
  createHmac('sha256', config.sandboxAppSecret || 'parley-sandbox')
    .update('razorpay-sandbox-key-secret')
    .digest('hex');

export interface PaymentSetup {
  links: RazorpayLinks | null;
  /** The payment result page the provider redirects to (platform-shell 2.6). */
  callbackUrl: string;
  sandbox: boolean;
}

/**
 * Which payment provider recharges go to: Razorpay with the operator's keys (PARLEY_RAZORPAY_KEY_ID,
 * PARLEY_RAZORPAY_KEY_SECRET; PARLEY_RAZORPAY_URL for another address, reached under the outbound rules), else the
 * built-in sandbox when sandboxes are on (in process, like the WhatsApp sandbox), else none.
 */
export function paymentSetup(app: FastifyInstance, config: Config, env: NodeJS.ProcessEnv = process.env): PaymentSetup {
  const callbackUrl = `${config.publicUrl}/transaction.html`;
  if (env.PARLEY_RAZORPAY_KEY_ID && env.PARLEY_RAZORPAY_KEY_SECRET) {
    const links = new RazorpayLinks({
      baseUrl: env.PARLEY_RAZORPAY_URL || 'https://api.razorpay.com',
      keyId: env.PARLEY_RAZORPAY_KEY_ID,
      keySecret: env.PARLEY_RAZORPAY_KEY_SECRET,
      fetch: outboundFetch({ privateOrigins: config.outboundPrivateOrigins }),
    });
    return { links, callbackUrl, sandbox: false };
  }
  if (!config.sandbox) return { links: null, callbackUrl, sandbox: false };
  const links = new RazorpayLinks({
    baseUrl: `${config.publicUrl}${SANDBOX_RAZORPAY_PREFIX}`,
    keyId: SANDBOX_RAZORPAY_KEY_ID,
    keySecret: sandboxRazorpaySecret(config),
    fetch: injectFetch(app),
  });
  return { links, callbackUrl, sandbox: true };
}
