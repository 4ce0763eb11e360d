import { Button } from '@adobe/react-spectrum/Button';
import { Heading } from '@adobe/react-spectrum/Heading';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { Text } from '@adobe/react-spectrum/Text';
import Add from '@spectrum-icons/workflow/Add';
import { useEffect, useState } from 'react';
import type { Definition } from '@parley/sdk/contract/customer-definitions';
import { DefinitionTexts } from './definition-texts.js';
import { messageOf, once, useLoad } from '../../internal/use-call.js';
import { useMaster } from '../master-context.js';
import { paths } from '../master-routes.js';
import { ensureAttributeStyles } from './attribute-styles.js';
import { DefinitionPanel } from './DefinitionPanel.js';
import { DefinitionsTable } from './DefinitionsTable.js';

/** Moves one item of a list, as the server's reorder does to the custom rows. */
const moved = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/**
 * Manage Customer Attributes (customer-master 2): the definitions table and the side panel that adds (`definition/add`)
 * or edits a field. Readers without CUSTOMER_MASTER.VIEW see the table only.
 */
export function AttributesScreen({ adding }: { adding: boolean }) {
  ensureAttributeStyles();
  const { client, navigate, toast, confirm, canManageDefinitions } = useMaster();
  const list = useLoad(
    () => client.definitions.list({}),
    [client],
    (e) => toast(messageOf(e), 'error'),
  );
  const all = list.data?.inputFieldDefinitions ?? [];
  const builtIns = all.filter((d) => d.builtIn);

  // A move shows at once; the server's order replaces it when the list reloads.
  const [custom, setCustom] = useState<Definition[]>([]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `all` is made again on every render from `list.data`.
  useEffect(() => setCustom(all.filter((d) => !d.builtIn)), [list.data]);
  const [moving, setMoving] = useState(false);
  const [editing, setEditing] = useState<Definition | null>(null);

  const move = async (fromIndex: number, toIndex: number) => {
    if (moving || toIndex < 0 || toIndex >= custom.length) return;
    setMoving(true);
    setCustom((rows) => moved(rows, fromIndex, toIndex));
    try {
      await once(client.definitions.reorder({ fromIndex, toIndex }));
      toast(DefinitionTexts.reordered, 'success');
    } catch (e) {
      toast(messageOf(e), 'error');
    }
    setMoving(false);
    list.reload();
  };

  const remove = async (d: Definition) => {
    const ok = await confirm({ title: 'Delete field', message: `Delete the field "${d.fieldLabel}"? Its values are removed from every customer.` });
    if (!ok) return;
    try {
      await once(client.definitions.delete({ id: d._id }));
      toast(DefinitionTexts.deleted, 'success');
    } catch (e) {
      toast(messageOf(e), 'error');
    }
    list.reload();
  };

  const closeAdd = () => navigate(paths.definitions());
  const panelOpen = canManageDefinitions && (adding || editing !== null);
  const closePanel = () => (editing ? setEditing(null) : closeAdd());

  return (
    <div className="pad-page pcm-def-page">
      <header className="pcm-def-header">
        <div>
          <Heading level={2} margin={0}>
            Manage Customer Attributes
          </Heading>
          <p className="pcm-def-sub">
            {canManageDefinitions
              ? 'The fields every customer has. Drag a row, or use the arrows, to change the order of the customer form.'
              : 'The fields every customer has.'}
          </p>
        </div>
        {list.loading && <ProgressCircle aria-label="Loading fields" isIndeterminate size="S" />}
        {canManageDefinitions && (
          <Button variant="accent" onPress={() => navigate(paths.addDefinition())}>
            <Add />
            <Text>Add Fields</Text>
          </Button>
        )}
      </header>
      <DefinitionsTable
        builtIns={builtIns}
        custom={custom}
        editable={canManageDefinitions}
        busy={list.loading || moving}
        onMove={(from, to) => void move(from, to)}
        onEdit={setEditing}
        onDelete={(d) => void remove(d)}
      />
      {panelOpen && (
        <DefinitionPanel
          key={editing?._id ?? 'new'}
          definition={editing}
          onClose={closePanel}
          onSaved={() => {
            list.reload();
            closePanel();
          }}
        />
      )}
    </div>
  );
}
