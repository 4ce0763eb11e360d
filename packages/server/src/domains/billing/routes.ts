import type { FastifyInstance } from 'fastify';
import { ACCESS } from '@parley/sdk/contract/access';
import { billingApi, BillingTexts } from '@parley/sdk/contract/billing';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { page, reply } from '../../http/reply.js';
import { defineRoute } from '../../http/route.js';
import { paymentSetup, type PaymentSetup } from './payment-setup.js';
import { Payments } from './payments.js';
import { BillingReads } from './service.js';

/**
 * Billing (issue 37; docs/billing.md): the generic call-api with its three request types, the rate card, recharges,
 * invoices, the ledger, and the broadcast estimate. Reading needs ENTERPRISE.VIEW or MANAGE_BILLING; paying needs
 * MANAGE_BILLING.
 */
export function billingRoutes(app: FastifyInstance, deps: { db: Db; config: Config; payments?: PaymentSetup }) {
  const reads = new BillingReads(deps.db);
  const payments = new Payments(deps.db, deps.payments ?? paymentSetup(app, deps.config), reads);
  const mayManage = (permissions: ReadonlySet<string>) => ACCESS.billing.manage.some((p) => permissions.has(p));

  defineRoute(app, billingApi.callApi, ACCESS.billing.view, async (input, { auth }) => {
    switch (input.requestType) {
      case 'get_enterprise_account_status':
        return reads.accountStatus(auth);
      case 'get_enterprise_consumption':
        return reads.consumption(auth, input.fromDate, input.toDate);
      case 'update_payment_status': {
        if (!mayManage(auth.permissions)) throw ApiError.accessDenied();
        const { data, message } = await payments.updateStatus(auth, input);
        return reply(data, message);
      }
    }
  });
  defineRoute(app, billingApi.rateCard, ACCESS.billing.view, async (_input, { auth }) => reads.rateCard(auth));
  defineRoute(app, billingApi.recharge, ACCESS.billing.manage, async ({ amount, mobileNumber }, { auth }) =>
    reply(await payments.recharge(auth, amount, mobileNumber), BillingTexts.rechargeCreated),
  );
  defineRoute(app, billingApi.recharges, ACCESS.billing.view, async ({ from, perPage }, { auth }) => {
    const { items, more } = await payments.list(auth, from, perPage);
    return page(items, more);
  });
  defineRoute(app, billingApi.invoices, ACCESS.billing.view, async ({ from, perPage }, { auth }) => {
    const { items, more } = await reads.invoices(auth, from, perPage);
    return page(items, more);
  });
  defineRoute(app, billingApi.ledger, ACCESS.billing.view, async ({ from, perPage }, { auth }) => {
    const { items, more } = await reads.ledger(auth, from, perPage);
    return page(items, more);
  });
  defineRoute(app, billingApi.estimate, ACCESS.broadcasts.send, async (input, { auth }) => reads.estimate(auth, input));
}
