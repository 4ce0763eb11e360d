import type { Permission } from '@parley/sdk/contract/permissions';

/**
 * The spec leaves permissions "not shown" (customer-master 6). Customers, segments, groups and uploads are the
 * Customers menu (CUSTOMER.VIEW: administrators, Handle Chats and Campaign Maker), whose screens create, edit and
 * upload; the customer master's definitions stay with CUSTOMER_MASTER.VIEW (domains/customer-definitions).
 */
export const CUSTOMERS_ACCESS: Permission[] = ['CUSTOMER.VIEW'];
