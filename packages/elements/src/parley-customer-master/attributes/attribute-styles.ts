import { ensureStyles } from '../../internal/styles.js';

/** Manage Customer Attributes and its side panel (`pcm-def-` classes; colours from the `--parley-*` tokens). */
const CSS = `
.pcm-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.pcm-def-header { display: flex; align-items: center; gap: 16px; margin-bottom: 16px; }
.pcm-def-header > div { flex: 1; min-width: 0; }
.pcm-def-sub { margin: 4px 0 0; color: var(--parley-muted, #5d6577); font-size: 13px; }
.pcm-def-table-wrap { background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius, 8px); overflow-x: auto; }
.pcm-def-table { width: 100%; border-collapse: collapse; font-size: 14px; }
.pcm-def-table th { text-align: left; font-size: 12px; font-weight: 700; color: var(--parley-muted, #5d6577); background: var(--parley-surface-muted, #f6f7fa); padding: 10px 12px; border-bottom: 1px solid var(--parley-border, #e1e4ec); white-space: nowrap; }
.pcm-def-table td { padding: 4px 12px; height: 44px; border-bottom: 1px solid var(--parley-border, #e1e4ec); vertical-align: middle; }
.pcm-def-table tbody tr:last-child td { border-bottom: 0; }
.pcm-def-table tr[draggable=true] { cursor: grab; }
.pcm-def-table tr[data-dragging] td { opacity: .45; }
.pcm-def-table tr[data-over=above] td { box-shadow: inset 0 2px 0 var(--parley-primary, #3b5bdb); }
.pcm-def-table tr[data-over=below] td { box-shadow: inset 0 -2px 0 var(--parley-primary, #3b5bdb); }
.pcm-def-builtin td { background: color-mix(in srgb, var(--parley-surface-muted, #f6f7fa) 60%, transparent); }
.pcm-def-label { font-weight: 600; overflow-wrap: anywhere; }
.pcm-def-chars { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; white-space: pre; }
.pcm-def-handle { width: 1%; color: var(--parley-muted, #5d6577); text-align: center; }
.pcm-def-actions { width: 1%; white-space: nowrap; text-align: right; }
.pcm-def-locked { display: inline-flex; align-items: center; gap: 4px; color: var(--parley-muted, #5d6577); font-size: 12px; padding-right: 8px; }
.pcm-def-empty td { text-align: center; color: var(--parley-muted, #5d6577); padding: 32px 12px; height: auto; }
.pcm-def-dim { position: fixed; inset: 0; background: rgb(20 28 48 / 35%); z-index: 50; }
.pcm-def-panel { position: fixed; top: 0; right: 0; bottom: 0; width: min(440px, 100vw); background: var(--parley-surface, #fff); z-index: 51; display: flex; flex-direction: column; box-shadow: -4px 0 24px rgb(20 28 48 / 20%); }
.pcm-def-panel-header { display: flex; align-items: center; justify-content: space-between; padding: 12px 16px 12px 24px; border-bottom: 1px solid var(--parley-border, #e1e4ec); }
.pcm-def-panel-body { flex: 1; overflow-y: auto; padding: 16px 24px; display: flex; flex-direction: column; gap: 12px; }
.pcm-def-panel-footer { display: flex; justify-content: flex-end; gap: 12px; margin-top: auto; padding-top: 16px; }
.pcm-def-checks { display: flex; gap: 24px; }
.pcm-def-pair { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.pcm-def-refusal { padding: 10px 12px; border-radius: var(--parley-radius-small, 4px); background: color-mix(in srgb, var(--parley-danger, #d9363e) 8%, transparent); color: var(--parley-danger, #d9363e); font-size: 13px; }
.pcm-def-refusal ul { margin: 6px 0 0; padding-left: 18px; }
`;

export const ensureAttributeStyles = () => ensureStyles('customer-attributes', CSS);
