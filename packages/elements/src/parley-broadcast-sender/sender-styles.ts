/**
 * The broadcast screen's own rules (light DOM: the dialogs portal to the body, where these rules reach them too).
 * Every class is `pbs-` prefixed so a partner page's styles and ours never meet; colours come from the `--parley-*`
 * tokens with fallbacks.
 */
const BORDER = 'var(--parley-border, #e1e4ec)';
const MUTED = 'var(--parley-muted, #5d6577)';
const SURFACE = 'var(--parley-surface, #fff)';
const SOFT = 'var(--parley-surface-muted, #f5f6fa)';
const PRIMARY = 'var(--parley-primary, #3b5bdb)';
const DANGER = 'var(--parley-danger, #d9363e)';
const SUCCESS = 'var(--parley-success, #1d7a5d)';
const WARNING = 'var(--parley-warning, #c77700)';
const RADIUS = 'var(--parley-radius, 8px)';

export const SENDER_CSS = `
parley-broadcast-sender { display: block; font-family: var(--parley-font-family, system-ui, sans-serif); color: var(--parley-text, #1d2433); }
.pbs-root { background: transparent !important; }
.pbs-layout { display: grid; grid-template-columns: minmax(0, 1fr) minmax(280px, 380px); gap: 24px; align-items: start; }
@media (max-width: 860px) { .pbs-layout { grid-template-columns: minmax(0, 1fr); } }
.pbs-form { display: flex; flex-direction: column; gap: 16px; background: ${SURFACE}; border: 1px solid ${BORDER}; border-radius: ${RADIUS}; padding: 20px; min-width: 0; }
.pbs-row { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
@media (max-width: 560px) { .pbs-row { grid-template-columns: 1fr; } }
.pbs-preview { position: sticky; top: 16px; display: flex; justify-content: center; min-width: 0; }
.pbs-preview .ptp { max-width: 100%; }
.pbs-preview-empty { border: 1px dashed ${BORDER}; border-radius: ${RADIUS}; padding: 48px 16px; text-align: center; width: 100%; margin: 0; }
.pbs-muted { color: ${MUTED}; }
.pbs-section-title { margin: 0; font-size: 15px; font-weight: 700; color: var(--parley-text, #1d2433); }
.pbs-error { margin: 4px 0 0; color: ${DANGER}; font-size: 13px; }
.pbs-refusal { margin: 0; padding: 10px 14px; border-radius: ${RADIUS}; color: ${DANGER}; background: color-mix(in srgb, ${DANGER} 8%, transparent); border: 1px solid color-mix(in srgb, ${DANGER} 30%, transparent); }
.pbs-refusal ul { margin: 6px 0 0; padding-left: 20px; }
.pbs-media { border: 1px solid ${BORDER}; border-radius: ${RADIUS}; background: ${SOFT}; padding: 10px 12px; display: flex; flex-direction: column; gap: 6px; min-width: 0; }
.pbs-media[data-invalid] { border-color: ${DANGER}; }
.pbs-media-head { display: flex; align-items: baseline; gap: 8px; font-size: 13px; }
.pbs-media-label { font-weight: 600; }
.pbs-media-kind { color: ${MUTED}; }
.pbs-media-body { display: flex; align-items: center; justify-content: space-between; gap: 8px; min-height: 32px; }
.pbs-file { display: inline-flex; align-items: center; gap: 2px; flex: 1; min-width: 0; font-size: 14px; }
.pbs-file-remove { flex-shrink: 0; }
.pbs-media-body > button { flex-shrink: 0; }
.pbs-file-name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.pbs-cards-media { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 12px; }
.pbs-numbers { display: flex; flex-direction: column; align-items: flex-start; gap: 8px; }
.pbs-refused [role=row] { border-color: ${DANGER}; color: ${DANGER}; font-variant-numeric: tabular-nums; }
.pbs-expression { display: flex; gap: 8px; align-items: flex-start; min-width: 0; }
.pbs-expression > :first-child { flex: 1; min-width: 0; }
.pbs-mapping { display: flex; flex-direction: column; gap: 12px; border-top: 1px solid ${BORDER}; padding-top: 16px; }
.pbs-group { display: flex; flex-direction: column; gap: 8px; }
.pbs-group-title { margin: 0; font-size: 12px; font-weight: 700; letter-spacing: .05em; text-transform: uppercase; color: ${PRIMARY}; }
.pbs-map-row { display: grid; grid-template-columns: 88px minmax(0, 1fr) minmax(0, 1.4fr); gap: 12px; align-items: start; }
.pbs-var { display: inline-flex; align-items: center; gap: 6px; min-height: 32px; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
.pbs-var-kind { font-family: var(--parley-font-family, system-ui, sans-serif); font-size: 10px; font-weight: 700; color: ${PRIMARY}; background: color-mix(in srgb, ${PRIMARY} 10%, transparent); border-radius: 8px; padding: 1px 6px; }
.pbs-tab[data-invalid]::after { content: ''; display: inline-block; width: 6px; height: 6px; margin-left: 6px; vertical-align: super; border-radius: 50%; background: ${DANGER}; }
.pbs-card-panel { padding: 12px 0 0; display: flex; flex-direction: column; gap: 12px; }
.pbs-card-panel > p { margin: 0; }
.pbs-actions { display: flex; justify-content: flex-end; border-top: 1px solid ${BORDER}; padding-top: 16px; }
.pbs-view { display: flex; flex-direction: column; gap: 24px; }
.pbs-messages { display: flex; flex-direction: column; gap: 12px; }
.pbs-messages-head { display: flex; align-items: center; gap: 16px; flex-wrap: wrap; }
.pbs-summary { display: inline-flex; align-items: center; gap: 10px; color: ${MUTED}; font-size: 13px; }
.pbs-badge { font-size: 12px; font-weight: 700; padding: 2px 10px; border-radius: 10px; color: ${PRIMARY}; background: color-mix(in srgb, ${PRIMARY} 10%, transparent); }
.pbs-summary[data-status=COMPLETED] .pbs-badge { color: ${SUCCESS}; background: color-mix(in srgb, ${SUCCESS} 12%, transparent); }
.pbs-summary[data-status=FAILED] .pbs-badge { color: ${DANGER}; background: color-mix(in srgb, ${DANGER} 10%, transparent); }
.pbs-table-wrap { border: 1px solid ${BORDER}; border-radius: ${RADIUS}; overflow: auto; background: ${SURFACE}; }
.pbs-table { width: 100%; border-collapse: collapse; font-size: 14px; }
.pbs-table th { text-align: left; font-weight: 600; color: ${MUTED}; background: ${SOFT}; border-bottom: 1px solid ${BORDER}; padding: 8px 12px; white-space: nowrap; }
.pbs-table td { padding: 10px 12px; border-bottom: 1px solid ${BORDER}; vertical-align: middle; }
.pbs-table tbody tr:last-child td { border-bottom: 0; }
.pbs-message-row { cursor: pointer; }
.pbs-message-row:hover, .pbs-message-row:focus-visible { background: color-mix(in srgb, ${PRIMARY} 6%, transparent); outline: none; }
.pbs-nowrap { white-space: nowrap; font-variant-numeric: tabular-nums; }
.pbs-empty td { text-align: center; color: ${MUTED}; padding: 28px 12px; }
.pbs-status-pill { font-size: 12px; font-weight: 600; padding: 2px 10px; border-radius: 10px; color: ${MUTED}; background: ${SOFT}; }
.pbs-status-pill[data-status=QUEUED], .pbs-status-pill[data-status=SENDING] { color: ${WARNING}; background: color-mix(in srgb, ${WARNING} 12%, transparent); }
.pbs-status-pill[data-status=ACCEPTED], .pbs-status-pill[data-status=SENT] { color: ${PRIMARY}; background: color-mix(in srgb, ${PRIMARY} 10%, transparent); }
.pbs-status-pill[data-status=DELIVERED], .pbs-status-pill[data-status=READ] { color: ${SUCCESS}; background: color-mix(in srgb, ${SUCCESS} 12%, transparent); }
.pbs-status-pill[data-status=FAILED] { color: ${DANGER}; background: color-mix(in srgb, ${DANGER} 10%, transparent); }
.pbs-paging { display: flex; align-items: center; gap: 12px; }
.pbs-paging > :first-child { flex: 1; font-size: 14px; }
.pbs-status { display: flex; flex-direction: column; gap: 16px; font-family: var(--parley-font-family, system-ui, sans-serif); }
.pbs-status-facts { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 0; font-size: 14px; }
.pbs-status-facts dt { color: ${MUTED}; }
.pbs-status-facts dd { margin: 0; overflow-wrap: anywhere; font-weight: 600; }
.pbs-history { border: 1px solid ${BORDER}; border-radius: ${RADIUS}; }
`;
