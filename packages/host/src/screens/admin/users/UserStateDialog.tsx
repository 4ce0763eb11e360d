import { AlertDialog } from '@adobe/react-spectrum';
import { useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { UserStates, UserTexts } from '@parley/sdk/contract/user-texts';
import type { EnterpriseUser } from '@parley/sdk/contract/users';
import { toast } from '../../../stores/toast-store.js';
import { showRefusal } from '../../../components/show-refusal.js';
import { userCalls } from './users-api.js';

/**
 * Deactivate or activate, after a confirmation. Deactivating asks the server first (`isValidate`) what it leaves
 * behind, so the question can name the user's open chats.
 */
export function UserStateDialog({ user, onDone }: { user: EnterpriseUser; onDone(): void }) {
  const deactivating = user.state === UserStates.ACTIVE;
  const [openChats, setOpenChats] = useState<number | null>(null);
  useEffect(() => {
    if (!deactivating) return;
    const check = userCalls.deactivate({ id: user.uId, isValidate: true }).subscribe({ next: (r) => setOpenChats(r.openChats), error: showRefusal });
    return () => check.unsubscribe();
  }, [deactivating, user.uId]);

  const run = async () => {
    try {
      if (deactivating) await firstValueFrom(userCalls.deactivate({ id: user.uId, isValidate: false }));
      else await firstValueFrom(userCalls.activate({ id: user.uId }));
      toast(deactivating ? UserTexts.userDeactivated : UserTexts.userActivated, 'success');
      onDone();
    } catch (error) {
      showRefusal(error);
    }
  };

  if (!deactivating) {
    return (
      <AlertDialog title="Activate user" variant="confirmation" primaryActionLabel="Activate" cancelLabel="Cancel" onPrimaryAction={() => void run()}>
        Activate {user.name}? They can sign in again with their password.
      </AlertDialog>
    );
  }
  return (
    <AlertDialog
      title="Deactivate user"
      variant="destructive"
      primaryActionLabel="Deactivate"
      cancelLabel="Cancel"
      onPrimaryAction={() => void run()}
      isPrimaryActionDisabled={openChats === null}
    >
      Deactivate {user.name}? They are signed out at once and cannot sign in until activated again.
      {openChats ? ` They hold ${openChats} open chat${openChats === 1 ? '' : 's'}: transfer them from the chat monitor.` : ''}
    </AlertDialog>
  );
}
