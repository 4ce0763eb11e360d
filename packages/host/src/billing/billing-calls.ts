import { firstValueFrom } from 'rxjs';
import type { BillingCallRequest, BillingCallReply, BillingReplyOf } from '@parley/sdk/contract/billing';
import { billingRoutes } from '@parley/sdk/contract/routes';
import { bindApi } from '@parley/sdk/transport';
import { api } from '../stores/session-store.js';

/** The billing calls, through the console's one client (so a lost session is seen as everywhere). */
export const billingCalls = bindApi(api, billingRoutes);

/** One operation of the generic billing call, its reply narrowed to that operation's. */
export async function callBilling<T extends BillingCallRequest['requestType']>(
  request: Extract<BillingCallRequest, { requestType: T }>,
): Promise<BillingReplyOf<T>> {
  const reply: BillingCallReply = await firstValueFrom(billingCalls.callApi(request));
  if (reply.requestType !== request.requestType) throw new Error(`billing call ${request.requestType} answered ${reply.requestType}`);
  return reply as BillingReplyOf<T>;
}
