/**
 * The picker's own rules. The element renders nothing in place (the modal portals to the body, where these rules
 * reach it too), so it takes no room in the host's layout. Every class is `pcp-` prefixed so a partner page's styles
 * and ours never meet; colours come from the `--parley-*` tokens with fallbacks.
 */
const BORDER = 'var(--parley-border, #e1e4ec)';
const MUTED = 'var(--parley-muted, #5d6577)';

export const PICKER_CSS = `
parley-customer-picker { display: contents; }
.pcp-body { display: flex; flex-direction: column; gap: 12px; font-family: var(--parley-font-family, system-ui, sans-serif); color: var(--parley-text, #1d2433); }
.pcp-toolbar { display: flex; align-items: center; gap: 12px; }
.pcp-toolbar > :first-child { flex: 1; min-width: 0; }
/* The table scrolls on its own under a sticky header; the rest of the dialog (about 310px) keeps the search and paging in view. */
.pcp-table-wrap { border: 1px solid ${BORDER}; border-radius: var(--parley-radius, 8px); overflow: auto; max-height: max(160px, calc(90vh - 310px)); }
.pcp-table { width: 100%; border-collapse: collapse; font-size: 14px; table-layout: fixed; }
.pcp-table .pcp-name { width: 55%; overflow-wrap: anywhere; }
.pcp-table th { position: sticky; top: 0; z-index: 1; text-align: left; font-weight: 600; color: ${MUTED}; background: var(--parley-surface-muted, #f5f6fa); border-bottom: 1px solid ${BORDER}; padding: 4px 12px; white-space: nowrap; }
.pcp-table td { padding: 0 12px; height: 40px; border-bottom: 1px solid ${BORDER}; vertical-align: middle; }
.pcp-table tbody tr:last-child td { border-bottom: 0; }
.pcp-table tbody tr.pcp-row:hover { background: color-mix(in srgb, var(--parley-primary, #3b5bdb) 5%, transparent); }
.pcp-table tbody tr[aria-selected=true] { background: color-mix(in srgb, var(--parley-primary, #3b5bdb) 9%, transparent); }
.pcp-check { width: 40px; padding-right: 0 !important; }
.pcp-phone { white-space: nowrap; font-variant-numeric: tabular-nums; }
.pcp-empty td { text-align: center; color: ${MUTED}; padding: 32px 12px; }
.pcp-error { margin: 0; padding: 12px 16px; border-radius: var(--parley-radius, 8px); color: var(--parley-danger, #d9363e); background: color-mix(in srgb, var(--parley-danger, #d9363e) 8%, transparent); border: 1px solid color-mix(in srgb, var(--parley-danger, #d9363e) 30%, transparent); }
.pcp-footer { display: flex; align-items: center; gap: 12px; }
.pcp-page { flex: 1; color: ${MUTED}; font-size: 14px; }
.pcp-count { align-self: center; font-weight: 600; font-size: 14px; }
`;
