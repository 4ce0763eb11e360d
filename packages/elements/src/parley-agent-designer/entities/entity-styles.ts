import { ensureStyles } from '../../internal/styles.js';
import CSS from './entity-styles.css?inline';

export const ensureEntityStyles = () => ensureStyles('entities', CSS);
