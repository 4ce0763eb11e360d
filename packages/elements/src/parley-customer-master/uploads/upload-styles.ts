import { ensureStyles } from '../../internal/styles.js';
import CSS from './upload-styles.css?inline';

export const ensureUploadStyles = () => ensureStyles('customer-uploads', CSS);
