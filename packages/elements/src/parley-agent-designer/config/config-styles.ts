import { ensureStyles } from '../../internal/styles.js';
import CSS from './config-styles.css?inline';

export const useConfigStyles = () => ensureStyles('config', CSS);
