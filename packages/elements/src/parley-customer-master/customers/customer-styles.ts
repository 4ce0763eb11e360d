import { ensureStyles } from '../../internal/styles.js';
import CSS from './customer-styles.css?inline';

export const ensureCustomerStyles = () => ensureStyles('customer-master-customers', CSS);
