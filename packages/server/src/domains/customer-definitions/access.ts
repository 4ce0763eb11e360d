import type { Permission } from '@parley/sdk/contract/permissions';

/**
 * The spec leaves permissions "not shown" (customer-master 6). Managing definitions is the Configuration → Customer
 * Master module: CUSTOMER_MASTER.VIEW (only administrators hold it in the role table). Reading also admits
 * CUSTOMER.VIEW, because the customer form (Other Details) is drawn from the definitions and the roles that work
 * with customers (Handle Chats, Campaign Maker) hold only that.
 */
export const CUSTOMER_DEFINITIONS_READ: Permission[] = ['CUSTOMER_MASTER.VIEW', 'CUSTOMER.VIEW'];
export const CUSTOMER_DEFINITIONS_WRITE: Permission[] = ['CUSTOMER_MASTER.VIEW'];
