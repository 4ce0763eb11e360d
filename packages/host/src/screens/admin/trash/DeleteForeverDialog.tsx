import { AlertDialog } from '@adobe/react-spectrum';
import { firstValueFrom } from 'rxjs';
import type { TrashItem } from '@parley/sdk/contract/trash';
import { TRASH_TYPE_LABELS, TrashTexts } from '@parley/sdk/contract/trash-texts';
import { toast } from '../../../stores/toast-store.js';
import { showRefusal } from '../../../components/show-refusal.js';
import { trashCalls } from './trash-api.js';

/** Deleting for good cannot be undone, so it asks first; the list is asked again either way. */
export function DeleteForeverDialog({ item, onDone }: { item: TrashItem; onDone(): void }) {
  const run = async () => {
    try {
      await firstValueFrom(trashCalls.deleteForever({ id: item.id }));
      toast(TrashTexts.deletedForever, 'success');
    } catch (error) {
      showRefusal(error);
    }
    onDone();
  };
  return (
    <AlertDialog title="Delete forever" variant="destructive" primaryActionLabel="Delete forever" cancelLabel="Cancel" onPrimaryAction={() => void run()}>
      Delete the {TRASH_TYPE_LABELS[item.type].toLowerCase()} “{item.name}” forever? It cannot be restored afterwards.
    </AlertDialog>
  );
}
