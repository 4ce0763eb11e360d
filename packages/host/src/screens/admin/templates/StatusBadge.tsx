import { ActionButton, Tooltip, TooltipTrigger } from '@adobe/react-spectrum';
import type { TemplateStatus } from '@parley/sdk/contract/template-texts';

const LABELS: Record<TemplateStatus, string> = { APPROVED: 'Approved', PENDING: 'Pending', REJECTED: 'Rejected', PAUSED: 'Paused', DISABLED: 'Disabled' };

/** The vendor's verdict as a coloured badge; a rejected one tells why on hover or focus. */
export function StatusBadge({ status, reason }: { status: TemplateStatus; reason: string | null }) {
  const badge = (
    <span className="tpl-status" data-status={status}>
      {LABELS[status]}
    </span>
  );
  if (status !== 'REJECTED' || !reason) return badge;
  return (
    <TooltipTrigger delay={200}>
      <ActionButton isQuiet UNSAFE_className="tpl-status-button" aria-label={`${LABELS[status]}: ${reason}`}>
        {badge}
      </ActionButton>
      <Tooltip variant="negative">{reason}</Tooltip>
    </TooltipTrigger>
  );
}
