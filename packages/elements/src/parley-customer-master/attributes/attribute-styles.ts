import { ensureStyles } from '../../internal/styles.js';
import CSS from './attribute-styles.css?inline';

export const ensureAttributeStyles = () => ensureStyles('customer-attributes', CSS);
