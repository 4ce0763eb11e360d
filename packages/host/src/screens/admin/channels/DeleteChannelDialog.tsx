import { AlertDialog } from '@adobe/react-spectrum';

/** Asks before a channel goes: its templates and message history go with it. */
export function DeleteChannelDialog({ name, onDelete }: { name: string; onDelete(): void }) {
  return (
    <AlertDialog title="Delete channel" variant="destructive" primaryActionLabel="Delete" cancelLabel="Cancel" onPrimaryAction={onDelete}>
      Delete the channel “{name}”? Its message templates and message history are deleted with it.
    </AlertDialog>
  );
}
