import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Tooltip, TooltipTrigger } from '@adobe/react-spectrum/Tooltip';
import type { ReactElement } from 'react';

/** A quiet icon button with its tooltip (the Edit and Delete of every table row): the label names the row, the tooltip the act. */
export function IconAction({ label, tooltip, onPress, children }: { label: string; tooltip: string; onPress(): void; children: ReactElement }) {
  return (
    <TooltipTrigger>
      <ActionButton isQuiet aria-label={label} onPress={onPress}>
        {children}
      </ActionButton>
      <Tooltip>{tooltip}</Tooltip>
    </TooltipTrigger>
  );
}
