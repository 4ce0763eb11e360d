import { Button } from '@adobe/react-spectrum/Button';
import { ButtonGroup } from '@adobe/react-spectrum/ButtonGroup';
import { Checkbox } from '@adobe/react-spectrum/Checkbox';
import { CheckboxGroup } from '@adobe/react-spectrum/CheckboxGroup';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Heading } from '@adobe/react-spectrum/Heading';
import { Text } from '@adobe/react-spectrum/Text';
import { useState } from 'react';
import { CustomerMessages } from '@parley/sdk/contract/customer-texts';
import type { Segment } from '@parley/sdk/contract/customers';
import { useMaster } from '../master-context.js';
import { messageOf, once } from '../../internal/use-call.js';

export type MapKind = 'group' | 'label';

const TEXTS: Record<MapKind, { title: string; label: string; done: string; none: string }> = {
  group: { title: 'Move to Group', label: 'Add to Group', done: CustomerMessages.mappedToGroups, none: 'No groups yet: create one first.' },
  label: { title: 'Attach Label', label: 'Attach Label', done: CustomerMessages.mappedToTags, none: 'No segments yet: create one first.' },
};

interface Props {
  kind: MapKind;
  /** Groups for 'group', segments for 'label'. */
  options: Segment[];
  customerIds: string[];
  onClose(saved: boolean): void;
}

/**
 * customer-master 2 and 5: the move-to-group and attach-label pop-ups. They add the checked customers to every chosen
 * group or segment; a choice is required.
 */
export function MapDialog({ kind, options, customerIds, onClose }: Props) {
  const { client, toast } = useMaster();
  const texts = TEXTS[kind];
  const [chosen, setChosen] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const error = touched && chosen.length === 0 ? CustomerMessages.selectionRequired : undefined;

  const save = async () => {
    setTouched(true);
    if (!chosen.length || busy) return;
    setBusy(true);
    try {
      if (kind === 'group') await once(client.customers.mapGroups({ groupIds: chosen, customerIds }));
      else await once(client.customers.mapTags({ tagIds: chosen, customerIds }));
      toast(texts.done, 'success');
      onClose(true);
    } catch (e) {
      toast(messageOf(e), 'error');
      setBusy(false);
    }
  };

  return (
    <Dialog size="S">
      <Heading>{texts.title}</Heading>
      <Divider />
      <Content>
        <Text>
          {customerIds.length} {customerIds.length === 1 ? 'customer' : 'customers'} selected
        </Text>
        {options.length === 0 ? (
          <p className="pcm-cu-note">{texts.none}</p>
        ) : (
          <div className="pcm-cu-choices">
            <CheckboxGroup
              label={texts.label}
              value={chosen}
              onChange={(v) => {
                setChosen(v);
                setTouched(true);
              }}
              isRequired
              validationState={error ? 'invalid' : undefined}
              errorMessage={error}
            >
              {options.map((o) => (
                <Checkbox key={o.id} value={o.id}>
                  {o.name}
                </Checkbox>
              ))}
            </CheckboxGroup>
          </div>
        )}
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={() => onClose(false)}>
          Cancel
        </Button>
        <Button variant="accent" onPress={() => void save()} isDisabled={!chosen.length} isPending={busy}>
          Save
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
