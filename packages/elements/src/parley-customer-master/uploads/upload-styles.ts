import { ensureStyles } from '../../internal/styles.js';

/** My Uploads, Upload Data and Error List (`pcm-up-` classes; colours from the `--parley-*` tokens). */
const CSS = `
.pcm-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.pcm-up-header { display: flex; align-items: center; gap: 12px; margin-bottom: 16px; flex-wrap: wrap; }
.pcm-up-title { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
.pcm-up-sub { color: var(--parley-muted, #5d6577); font-size: 13px; }
.pcm-up-table-wrap { background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius, 8px); overflow-x: auto; }
.pcm-up-table { width: 100%; border-collapse: collapse; font-size: 14px; }
.pcm-up-table th { text-align: left; font-size: 12px; font-weight: 700; color: var(--parley-muted, #5d6577); background: var(--parley-surface-muted, #f6f7fa); padding: 10px 16px; border-bottom: 1px solid var(--parley-border, #e1e4ec); white-space: nowrap; }
.pcm-up-table td { padding: 8px 16px; height: 44px; border-bottom: 1px solid var(--parley-border, #e1e4ec); vertical-align: middle; }
.pcm-up-table tbody tr:last-child td { border-bottom: 0; }
.pcm-up-row { cursor: pointer; }
.pcm-up-row:hover td { background: color-mix(in srgb, var(--parley-primary, #3b5bdb) 4%, transparent); }
.pcm-up-num { text-align: right !important; width: 1%; white-space: nowrap; font-variant-numeric: tabular-nums; }
.pcm-up-date { white-space: nowrap; color: var(--parley-muted, #5d6577); }
.pcm-up-open { all: unset; cursor: pointer; font-weight: 600; color: var(--parley-primary, #3b5bdb); overflow-wrap: anywhere; border-radius: 2px; }
.pcm-up-open:hover { text-decoration: underline; }
.pcm-up-open:focus-visible { outline: 2px solid var(--parley-primary, #3b5bdb); outline-offset: 2px; }
.pcm-up-segment { display: block; font-size: 12px; color: var(--parley-muted, #5d6577); }
.pcm-up-status { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 2px 6px; font-size: 12px; font-weight: 700; letter-spacing: .03em; white-space: nowrap; }
.pcm-up-status[data-state=COMPLETED] { color: var(--parley-success, #1d7a5d); }
.pcm-up-status[data-state=ERROR] { color: var(--parley-danger, #d9363e); }
.pcm-up-status[data-state=WAITING] { color: color-mix(in srgb, var(--parley-warning, #e68619) 60%, black); }
.pcm-up-why { flex-basis: 100%; font-weight: 400; letter-spacing: 0; color: var(--parley-muted, #5d6577); white-space: normal; max-width: 260px; }
.pcm-up-count { font-weight: 400; color: var(--parley-muted, #5d6577); font-variant-numeric: tabular-nums; }
.pcm-up-empty td { text-align: center; color: var(--parley-muted, #5d6577); padding: 40px 16px; height: auto; }
.pcm-up-pager { display: flex; justify-content: flex-end; gap: 12px; margin-top: 12px; }
.pcm-up-line { max-width: 520px; }
.pcm-up-line-no { display: block; font-size: 12px; font-weight: 700; color: var(--parley-muted, #5d6577); }
.pcm-up-line code { display: block; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; white-space: pre-wrap; overflow-wrap: anywhere; }
.pcm-up-messages { margin: 0; padding: 0; list-style: none; color: var(--parley-danger, #d9363e); }
.pcm-up-messages li + li { margin-top: 2px; }
.pcm-up-card { background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius, 8px); padding: 20px 24px; margin-bottom: 16px; display: flex; flex-direction: column; gap: 12px; }
.pcm-up-card .pcm-up-table-wrap { border-radius: var(--parley-radius-small, 4px); }
.pcm-up-card-title { margin: 0; font-size: 16px; font-weight: 700; }
.pcm-up-choose { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
.pcm-up-file { flex: 1; min-width: 240px; display: flex; align-items: center; gap: 10px; padding: 14px 16px; border: 1px dashed var(--parley-border-strong, #b9bfcc); border-radius: var(--parley-radius, 8px); cursor: pointer; color: var(--parley-text, #1d2433); }
.pcm-up-file:hover, .pcm-up-file:focus-within { border-color: var(--parley-primary, #3b5bdb); background: color-mix(in srgb, var(--parley-primary, #3b5bdb) 4%, transparent); }
.pcm-up-file[data-invalid] { border-color: var(--parley-danger, #d9363e); }
.pcm-up-file-error { margin: 0; color: var(--parley-danger, #d9363e); font-size: 13px; }
.pcm-up-help { margin: -6px 0 0 28px; color: var(--parley-muted, #5d6577); font-size: 13px; max-width: 720px; }
.pcm-up-mapping { table-layout: fixed; }
.pcm-up-mapping th:first-child { width: 25%; }
.pcm-up-mapping th:last-child { width: 35%; }
.pcm-up-mapping .pcm-up-column { font-weight: 600; overflow-wrap: anywhere; }
.pcm-up-mapping .pcm-up-samples { color: var(--parley-muted, #5d6577); font-size: 13px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.pcm-up-reading { display: flex; align-items: flex-end; gap: 8px 24px; flex-wrap: wrap; }
.pcm-up-encoding { margin: 0; font-size: 13px; color: var(--parley-muted, #5d6577); }
.pcm-up-encoding strong { color: var(--parley-text, #1d2433); }
.pcm-up-mapping-footer { display: flex; align-items: center; gap: 12px; }
.pcm-up-missing { flex: 1; margin: 0; font-size: 13px; color: var(--parley-muted, #5d6577); }
.pcm-up-missing[role=alert] { color: var(--parley-danger, #d9363e); }
.pcm-up-done-head { display: flex; align-items: center; gap: 12px; }
.pcm-up-done-icon { color: var(--parley-success, #1d7a5d); }
.pcm-up-totals { display: flex; gap: 32px; margin: 0; }
.pcm-up-totals dt { font-size: 12px; font-weight: 700; color: var(--parley-muted, #5d6577); }
.pcm-up-totals dd { margin: 2px 0 0; font-size: 22px; font-weight: 700; font-variant-numeric: tabular-nums; }
.pcm-up-totals [data-kind=error] dd { color: var(--parley-danger, #d9363e); }
.pcm-up-failed { display: flex; align-items: center; gap: 6px; margin: 0; color: var(--parley-danger, #d9363e); }
.pcm-up-done-links { display: flex; align-items: center; gap: 16px; }
`;

export const ensureUploadStyles = () => ensureStyles('customer-uploads', CSS);
