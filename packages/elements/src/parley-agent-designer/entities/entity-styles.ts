import { ensureStyles } from '../../internal/styles.js';

/** The entity list and form's rules (`pad-ent-` classes; colours from the `--parley-*` tokens). */
const CSS = `
.pad-ent-toolbar { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; margin: 16px 0 12px; }
.pad-ent-toolbar-title { flex: 1; min-width: 160px; color: var(--parley-muted, #5d6577); font-size: 13px; }
.pad-ent-table-wrap { background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius, 8px); overflow-x: auto; }
.pad-ent-table { width: 100%; border-collapse: collapse; font-size: 14px; }
.pad-ent-table th { text-align: left; font-size: 12px; font-weight: 700; letter-spacing: .04em; text-transform: uppercase; color: var(--parley-muted, #5d6577); background: var(--parley-surface-muted, #f6f7fa); padding: 10px 16px; border-bottom: 1px solid var(--parley-border, #e1e4ec); white-space: nowrap; }
.pad-ent-table td { padding: 6px 16px; border-bottom: 1px solid var(--parley-border, #e1e4ec); vertical-align: middle; height: 40px; }
.pad-ent-table tbody tr:last-child td { border-bottom: 0; }
.pad-ent-table tbody tr:hover td { background: color-mix(in srgb, var(--parley-primary, #3b5bdb) 4%, transparent); }
.pad-ent-table .pad-ent-num { text-align: right; width: 1%; white-space: nowrap; font-variant-numeric: tabular-nums; }
.pad-ent-table .pad-ent-date { width: 1%; white-space: nowrap; color: var(--parley-muted, #5d6577); }
.pad-ent-table .pad-ent-actions { width: 1%; white-space: nowrap; text-align: right; }
.pad-ent-table .pad-ent-system-name { width: 220px; font-weight: 600; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
.pad-ent-table .pad-ent-description { color: var(--parley-muted, #5d6577); }
.pad-ent-open { all: unset; cursor: pointer; font-weight: 600; color: var(--parley-primary, #3b5bdb); overflow-wrap: anywhere; border-radius: 2px; }
.pad-ent-open:hover { text-decoration: underline; }
.pad-ent-open:focus-visible { outline: 2px solid var(--parley-primary, #3b5bdb); outline-offset: 2px; }
.pad-ent-empty td { text-align: center; color: var(--parley-muted, #5d6577); padding: 40px 16px; height: auto; }
.pad-ent-pager { display: flex; justify-content: flex-end; align-items: center; gap: 12px; margin-top: 12px; }
.pad-ent-pager-label { color: var(--parley-muted, #5d6577); font-size: 13px; font-variant-numeric: tabular-nums; }
.pad-ent-form { max-width: 1040px; }
.pad-ent-card { background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius, 8px); padding: 20px 24px; }
.pad-ent-section { margin: 24px 0 8px; font-size: 15px; font-weight: 700; }
.pad-ent-values-head, .pad-ent-row { display: grid; grid-template-columns: 28px minmax(140px, 1fr) 150px minmax(240px, 2fr) 40px; gap: 12px; align-items: start; }
.pad-ent-values-head { font-size: 12px; font-weight: 700; letter-spacing: .04em; text-transform: uppercase; color: var(--parley-muted, #5d6577); padding-bottom: 6px; border-bottom: 1px solid var(--parley-border, #e1e4ec); }
.pad-ent-row { padding: 12px 0; border-bottom: 1px solid var(--parley-border, #e1e4ec); }
.pad-ent-index { font-weight: 700; color: var(--parley-muted, #5d6577); line-height: 32px; text-align: center; font-variant-numeric: tabular-nums; }
.pad-ent-synonyms { display: flex; gap: 4px; align-items: flex-start; min-width: 0; }
.pad-ent-add { margin-top: 12px; }
.pad-ent-footer { display: flex; justify-content: flex-end; gap: 12px; margin-top: 20px; }
.pad-ent-form-error { color: var(--parley-danger, #d9363e); font-size: 13px; margin-top: 8px; }
.pad-ent-chips { list-style: none; margin: 16px 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
.pad-ent-chip { display: inline-flex; align-items: center; gap: 2px; padding-left: 12px; border-radius: 16px; background: color-mix(in srgb, var(--parley-primary, #3b5bdb) 10%, transparent); color: var(--parley-text, #1d2433); font-size: 13px; max-width: 100%; }
.pad-ent-chip > span { overflow-wrap: anywhere; }
.pad-ent-chip .pad-ent-chip-remove { min-width: 28px; height: 28px; border-radius: 14px; }
.pad-ent-dialog-empty { color: var(--parley-muted, #5d6577); margin: 16px 0 0; }
`;

export const ensureEntityStyles = () => ensureStyles('entities', CSS);
