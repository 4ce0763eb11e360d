import { Messages } from '@parley/sdk/contract/messages';
import { ParleyError } from '@parley/sdk/parley-error';
import { toast } from '../stores/toast-store.js';

/** A refused call as the shell shows it (platform-shell 8): the server's own message in an error toast. */
export function showRefusal(error: unknown) {
  toast(error instanceof ParleyError ? error.message : Messages.somethingWentWrong, 'error');
}
