import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Button } from '@adobe/react-spectrum/Button';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { Tooltip, TooltipTrigger } from '@adobe/react-spectrum/Tooltip';
import ArrowLeft from '@spectrum-icons/workflow/ArrowLeft';
import type { ReactNode } from 'react';
import { useConfigStyles } from './config-styles.js';

interface Props {
  title: string;
  /** Where the back arrow and Cancel go. */
  onBack(): void;
  /** Absent for viewers: Update is offered only to those who may change the agent. */
  onSubmit?: () => void;
  submitLabel?: string;
  busy?: boolean;
  loading?: boolean;
  wide?: boolean;
  /** False where the shell's own back arrow already leads to the same place. */
  showBack?: boolean;
  children: ReactNode;
}

/** The frame every configuration screen shares: a card with a titled head, the fields, and Cancel / Update. */
export function ConfigPage({ title, onBack, onSubmit, submitLabel = 'Update', busy, loading, wide, showBack = true, children }: Props) {
  useConfigStyles();
  return (
    <div className="pad-cfg-page">
      <section className={wide ? 'pad-cfg-card pad-cfg-card-wide' : 'pad-cfg-card'} aria-label={title} aria-busy={loading || undefined}>
        <header className="pad-cfg-head">
          {showBack && (
            <TooltipTrigger>
              <ActionButton isQuiet aria-label="Back" onPress={onBack}>
                <ArrowLeft />
              </ActionButton>
              <Tooltip>Back</Tooltip>
            </TooltipTrigger>
          )}
          <h2>{title}</h2>
        </header>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit?.();
          }}
        >
          {/* Until the saved values arrive there is nothing to edit: a change made earlier would be overwritten. */}
          <div className="pad-cfg-body">
            {loading ? <ProgressCircle aria-label="Loading" isIndeterminate alignSelf="center" margin="size-400" /> : children}
          </div>
          <footer className="pad-cfg-foot">
            <Button variant="secondary" onPress={onBack}>
              Cancel
            </Button>
            {onSubmit && (
              <Button variant="accent" type="submit" isPending={busy} isDisabled={loading}>
                {submitLabel}
              </Button>
            )}
          </footer>
        </form>
      </section>
    </div>
  );
}
