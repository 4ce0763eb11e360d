import { ensureStyles } from '../../internal/styles.js';

/** The customer list and form's rules (`pcm-cu-` classes; colours from the `--parley-*` tokens with fallbacks). */
const CSS = `
parley-customer-master { display: block; min-height: 100%; font-family: var(--parley-font-family, system-ui, sans-serif); color: var(--parley-text, #1d2433); }
.pcm-cu-page { display: grid; grid-template-columns: 260px minmax(0, 1fr); gap: 20px; padding: var(--parley-space-5, 24px); align-items: start; }
@media (max-width: 760px) { .pcm-cu-page { grid-template-columns: 1fr; } }
.pcm-cu-panel { background: var(--parley-surface-muted, #f6f7fa); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius, 8px); padding: 12px; display: flex; flex-direction: column; gap: 10px; }
.pcm-cu-panel-head { display: flex; align-items: center; justify-content: space-between; }
.pcm-cu-panel-title { font-size: 15px; font-weight: 700; margin: 0; }
.pcm-cu-segments { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 2px; max-height: 60vh; overflow-y: auto; }
.pcm-cu-segment { all: unset; box-sizing: border-box; width: 100%; cursor: pointer; display: flex; align-items: center; gap: 8px; padding: 8px 10px; border-radius: var(--parley-radius-small, 4px); font-size: 14px; }
.pcm-cu-segment:hover { background: color-mix(in srgb, var(--parley-primary, #3b5bdb) 6%, transparent); }
.pcm-cu-segment:focus-visible { outline: 2px solid var(--parley-primary, #3b5bdb); outline-offset: -2px; }
.pcm-cu-segment[aria-current=true] { background: var(--parley-primary, #3b5bdb); color: var(--parley-primary-contrast, #fff); font-weight: 600; }
.pcm-cu-all-item { border-bottom: 1px solid color-mix(in srgb, var(--parley-border, #e1e4ec) 70%, var(--parley-muted, #5d6577)); padding-bottom: 6px; margin-bottom: 4px; }
.pcm-cu-segment-name { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.pcm-cu-count { font-size: 12px; font-variant-numeric: tabular-nums; padding: 1px 8px; border-radius: 10px; background: var(--parley-surface, #fff); color: var(--parley-muted, #5d6577); }
.pcm-cu-segment[aria-current=true] .pcm-cu-count { background: rgb(0 0 0 / 25%); color: inherit; }
.pcm-cu-note { color: var(--parley-muted, #5d6577); font-size: 13px; margin: 4px 2px; }
.pcm-cu-main { min-width: 0; display: flex; flex-direction: column; gap: 12px; }
.pcm-cu-toolbar { display: flex; align-items: end; gap: 12px; flex-wrap: wrap; }
.pcm-cu-toolbar-title { flex: 1; min-width: 160px; margin: 0; font-size: 18px; font-weight: 700; align-self: center; overflow-wrap: anywhere; }
.pcm-cu-actions { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.pcm-cu-actions-spacer { flex: 1; }
.pcm-cu-link { all: unset; cursor: pointer; color: var(--parley-primary, #3b5bdb); font-weight: 600; font-size: 14px; padding: 4px 6px; border-radius: 2px; }
.pcm-cu-link:hover { text-decoration: underline; }
.pcm-cu-link:focus-visible { outline: 2px solid var(--parley-primary, #3b5bdb); }
.pcm-cu-table-wrap { background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius, 8px); overflow-x: auto; }
.pcm-cu-table { width: 100%; border-collapse: collapse; font-size: 14px; }
.pcm-cu-table th { text-align: left; font-size: 12px; font-weight: 700; letter-spacing: .04em; text-transform: uppercase; color: var(--parley-muted, #5d6577); background: var(--parley-surface-muted, #f6f7fa); padding: 8px 12px; border-bottom: 1px solid var(--parley-border, #e1e4ec); white-space: nowrap; }
.pcm-cu-table td { padding: 4px 12px; border-bottom: 1px solid var(--parley-border, #e1e4ec); vertical-align: middle; height: 40px; }
.pcm-cu-table tbody tr:last-child td { border-bottom: 0; }
.pcm-cu-table tbody tr:hover td { background: color-mix(in srgb, var(--parley-primary, #3b5bdb) 4%, transparent); }
.pcm-cu-table .pcm-cu-check { width: 1%; padding-right: 0; }
.pcm-cu-table .pcm-cu-action { width: 1%; text-align: right; white-space: nowrap; }
.pcm-cu-table .pcm-cu-phone { white-space: nowrap; font-variant-numeric: tabular-nums; }
.pcm-cu-open { all: unset; cursor: pointer; font-weight: 600; color: var(--parley-primary, #3b5bdb); overflow-wrap: anywhere; border-radius: 2px; }
.pcm-cu-open:hover { text-decoration: underline; }
.pcm-cu-open:focus-visible { outline: 2px solid var(--parley-primary, #3b5bdb); outline-offset: 2px; }
.pcm-cu-empty td { text-align: center; color: var(--parley-muted, #5d6577); padding: 40px 16px; height: auto; }
.pcm-cu-pager { display: flex; justify-content: flex-end; align-items: center; gap: 12px; }
.pcm-cu-pager-label { color: var(--parley-muted, #5d6577); font-size: 13px; font-variant-numeric: tabular-nums; }
.pcm-cu-choices { max-height: 280px; overflow-y: auto; }
.pcm-cu-form { padding: var(--parley-space-5, 24px); max-width: 960px; }
.pcm-cu-form-head { display: flex; align-items: center; gap: 12px; margin-bottom: 16px; }
.pcm-cu-form-head h2 { flex: 1; margin: 0; font-size: 20px; }
.pcm-cu-errors { background: color-mix(in srgb, var(--parley-danger, #d9363e) 8%, var(--parley-surface, #fff)); border: 1px solid var(--parley-danger, #d9363e); border-radius: var(--parley-radius, 8px); padding: 12px 16px; margin-bottom: 16px; color: var(--parley-text, #1d2433); }
.pcm-cu-errors p { margin: 0 0 4px; font-weight: 700; color: var(--parley-danger, #d9363e); }
.pcm-cu-errors ul { margin: 0; padding-left: 20px; }
.pcm-cu-card { background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius, 8px); padding: 16px 20px 20px; margin-bottom: 16px; }
.pcm-cu-card h3 { margin: 0 0 8px; font-size: 15px; font-weight: 700; }
.pcm-cu-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 8px 20px; align-items: start; }
.pcm-cu-grid > * { width: 100%; }
.pcm-cu-footer { display: flex; justify-content: flex-end; gap: 12px; }
`;

export const ensureCustomerStyles = () => ensureStyles('customer-master-customers', CSS);
