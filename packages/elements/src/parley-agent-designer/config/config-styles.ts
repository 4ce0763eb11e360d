import { ensureStyles } from '../../internal/styles.js';

/** The configuration screens' rules: one card per screen, a footer of actions, lists of URLs and files, the variables table. */
const CSS = `
.pad-cfg-page { padding: var(--parley-space-5, 24px); display: flex; justify-content: center; }
.pad-cfg-card { width: 100%; max-width: 760px; background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius, 8px); box-shadow: 0 1px 3px rgb(20 28 48 / 6%); }
.pad-cfg-card-wide { max-width: 960px; }
.pad-cfg-head { display: flex; align-items: center; gap: 8px; padding: 16px 24px; border-bottom: 1px solid var(--parley-border, #e1e4ec); }
.pad-cfg-head h2 { margin: 0; font-size: var(--parley-font-size-large, 18px); font-weight: 700; }
.pad-cfg-body { padding: 20px 24px 24px; display: flex; flex-direction: column; gap: 20px; }
.pad-cfg-foot { display: flex; justify-content: flex-end; gap: 12px; padding: 16px 24px; border-top: 1px solid var(--parley-border, #e1e4ec); }
.pad-cfg-section { display: flex; flex-direction: column; gap: 12px; padding: 16px; border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius, 8px); background: var(--parley-surface-muted, #f5f6fa); }
.pad-cfg-row { display: flex; align-items: flex-end; gap: 12px; flex-wrap: wrap; }
.pad-cfg-row-top { align-items: flex-start; }
.pad-cfg-row-center { align-items: center; }
.pad-cfg-row-top > .pad-cfg-beside-field { margin-top: 24px; }
.pad-cfg-row > .pad-cfg-grow { flex: 1 1 240px; min-width: 0; }
.pad-cfg-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 16px 20px; align-items: start; }
.pad-cfg-hint { font-size: var(--parley-font-size-small, 12px); color: var(--parley-muted, #5d6577); }
.pad-cfg-error { font-size: var(--parley-font-size-small, 12px); color: var(--parley-danger, #d9363e); }
.pad-cfg-greyed input { background: var(--parley-surface-muted, #f0f1f5) !important; color: var(--parley-muted, #5d6577) !important; cursor: not-allowed; }
.pad-cfg-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.pad-cfg-list li { display: flex; align-items: center; gap: 8px; min-height: 40px; padding: 0 4px 0 12px; background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius-small, 4px); }
.pad-cfg-list li > .pad-cfg-name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.pad-cfg-list-title { font-size: 13px; font-weight: 700; color: var(--parley-muted, #5d6577); margin: 4px 0 0; }
.pad-cfg-badge { font-size: 11px; font-weight: 700; padding: 1px 8px; border-radius: 10px; white-space: nowrap; }
.pad-cfg-badge[data-state=pending] { color: #8a5a00; background: #fff2d6; }
.pad-cfg-badge[data-state=uploaded] { color: #1d6b51; background: #dcf3ea; }
.pad-cfg-table { width: 100%; table-layout: fixed; border-collapse: collapse; background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius, 8px); overflow: hidden; }
.pad-cfg-table th { text-align: left; font-size: 13px; font-weight: 700; color: var(--parley-muted, #5d6577); background: var(--parley-surface-muted, #f5f6fa); padding: 8px 12px; border-bottom: 1px solid var(--parley-border, #e1e4ec); }
.pad-cfg-table td { padding: 6px 12px; border-bottom: 1px solid var(--parley-border, #e1e4ec); vertical-align: middle; }
.pad-cfg-table tr:last-child td { border-bottom: none; }
.pad-cfg-table th:nth-child(1) { width: 64px; }
.pad-cfg-table th:nth-child(2) { width: 36%; }
.pad-cfg-table th:nth-child(4) { width: 72px; text-align: center; }
.pad-cfg-table td.pad-cfg-sno { color: var(--parley-muted, #5d6577); }
.pad-cfg-table td.pad-cfg-action { text-align: center; }
.pad-cfg-empty { padding: 20px; text-align: center; color: var(--parley-muted, #5d6577); }
.pad-cfg-table-head { display: flex; align-items: center; justify-content: space-between; }
`;

export const useConfigStyles = () => ensureStyles('config', CSS);
