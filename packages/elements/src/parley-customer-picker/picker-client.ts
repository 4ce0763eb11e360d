import { customersRoutes } from '@parley/sdk/contract/routes';
import { ParleyTransport, bindApi } from '@parley/sdk/transport';

/**
 * The one call the picker makes, bound from the SDK's zod-free route table: embedded on a broadcast screen it loads
 * the transport and the contract's types, not zod nor the rest of the customer master.
 */
export class PickerClient extends ParleyTransport {
  readonly customers = bindApi(this, { list: customersRoutes.list });
}
