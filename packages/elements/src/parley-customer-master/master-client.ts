import { customerDefinitionsRoutes, customersRoutes, profileRoutes } from '@parley/sdk/contract/routes';
import { ParleyTransport, bindApi } from '@parley/sdk/transport';

/** The calls the customer master makes, bound from the SDK's zod-free route tables (no zod in the element's bundle). */
export class MasterClient extends ParleyTransport {
  readonly customers = bindApi(this, customersRoutes);
  readonly definitions = bindApi(this, customerDefinitionsRoutes);
  readonly profile = bindApi(this, { get: profileRoutes.get });
}
