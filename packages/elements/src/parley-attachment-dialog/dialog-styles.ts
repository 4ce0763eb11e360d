/**
 * The dialog's own rules. The element renders nothing in place (the modal portals to the body, where these rules
 * reach it too), so it takes no room in the host's layout. Every class is `pat-` prefixed so a partner page's styles
 * and ours never meet; colours come from the `--parley-*` tokens with fallbacks.
 */
const BORDER = 'var(--parley-border, #e1e4ec)';
const MUTED = 'var(--parley-muted, #5d6577)';
const PRIMARY = 'var(--parley-primary, #3b5bdb)';
const DANGER = 'var(--parley-danger, #d9363e)';
const RADIUS = 'var(--parley-radius, 8px)';

export const DIALOG_CSS = `
parley-attachment-dialog { display: contents; }
.pat-dialog { font-family: var(--parley-font-family, system-ui, sans-serif); color: var(--parley-text, #1d2433); }
.pat-dialog { --pat-list-height: min(460px, max(220px, calc(90vh - 360px))); }
.pat-panels { padding-top: 12px; }
.pat-pane { display: flex; flex-direction: column; gap: 12px; }
.pat-toolbar { display: flex; align-items: center; gap: 12px; }
.pat-toolbar > :last-child { flex: 1; min-width: 0; }
/*
 * The list scrolls on its own; the rest of the dialog (about 360px) keeps tabs, toolbar and Close in view. Every tab
 * and view is as tall as the All list (toolbar 32px + gap 12px + list), so the dialog never jumps between them.
 */
.pat-list { border: 1px solid ${BORDER}; border-radius: ${RADIUS}; overflow: auto; height: var(--pat-list-height); background: var(--parley-surface, #fff); }
.pat-bucket-bar + .pat-list { height: calc(var(--pat-list-height) - 44px); }
.pat-upload { min-height: calc(var(--pat-list-height) + 44px); box-sizing: border-box; }
.pat-rows { list-style: none; margin: 0; padding: 0; }
.pat-item + .pat-item { border-top: 1px solid ${BORDER}; }
.pat-row { all: unset; box-sizing: border-box; width: 100%; cursor: pointer; display: flex; align-items: center; gap: 12px; padding: 8px 12px; min-height: 56px; }
.pat-row:hover { background: color-mix(in srgb, ${PRIMARY} 6%, transparent); }
.pat-row:focus-visible { outline: 2px solid ${PRIMARY}; outline-offset: -2px; }
.pat-thumb { flex: none; width: 40px; height: 40px; border-radius: var(--parley-radius-small, 4px); display: grid; place-items: center; overflow: hidden; color: ${PRIMARY}; background: color-mix(in srgb, ${PRIMARY} 8%, transparent); }
.pat-thumb img { width: 100%; height: 100%; object-fit: cover; display: block; }
.pat-thumb[data-kind=LOCATION] { color: var(--parley-success, #1d7a5d); background: color-mix(in srgb, var(--parley-success, #1d7a5d) 10%, transparent); }
.pat-thumb[data-kind=MSG] { color: var(--parley-warning, #e68619); background: color-mix(in srgb, var(--parley-warning, #e68619) 10%, transparent); }
.pat-thumb[data-kind=folder] { color: var(--parley-warning, #e68619); background: transparent; }
.pat-text { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
.pat-name { font-weight: 600; font-size: 14px; white-space: nowrap; }
.pat-desc, .pat-url, .pat-address { font-size: 13px; color: ${MUTED}; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.pat-url { color: ${PRIMARY}; }
.pat-address { display: flex; align-items: center; gap: 4px; color: var(--parley-text, #1d2433); }
.pat-address > span { overflow: hidden; text-overflow: ellipsis; }
.pat-address svg { flex: none; color: var(--parley-success, #1d7a5d); }
.pat-quote { font-size: 13px; font-style: italic; border-left: 3px solid var(--parley-warning, #e68619); padding-left: 8px; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.pat-kind { flex: none; font-size: 11px; font-weight: 700; letter-spacing: .04em; text-transform: uppercase; color: ${MUTED}; }
.pat-count { flex: none; min-width: 24px; padding: 2px 8px; border-radius: 10px; text-align: center; font-size: 12px; font-weight: 700; color: ${PRIMARY}; background: color-mix(in srgb, ${PRIMARY} 10%, transparent); }
.pat-bucket-bar { display: flex; align-items: center; gap: 8px; height: 32px; }
.pat-bucket-name { font-weight: 700; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.pat-status { display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 8px; padding: 32px 16px; text-align: center; color: ${MUTED}; font-size: 14px; }
.pat-status[role=status] { flex-direction: row; }
.pat-error { color: ${DANGER}; }
.pat-warning { color: var(--parley-warning, #e68619); font-weight: 600; }
.pat-server-words { font-size: 13px; color: ${MUTED}; }
.pat-more { display: flex; justify-content: center; padding: 12px; border-top: 1px solid ${BORDER}; }
.pat-no-more { color: ${MUTED}; font-size: 13px; }
.pat-drop { display: flex; flex-direction: column; align-items: center; gap: 10px; padding: 24px 16px; border: 2px dashed ${BORDER}; border-radius: ${RADIUS}; color: ${PRIMARY}; background: var(--parley-surface-muted, #f5f6fa); }
.pat-drop[data-busy] { opacity: .6; }
.pat-file-input { position: absolute; width: 1px; height: 1px; opacity: 0; pointer-events: none; }
.pat-file { color: var(--parley-text, #1d2433); font-size: 14px; }
.pat-file-size { color: ${MUTED}; font-size: 12px; }
.pat-accept { display: flex; flex-wrap: wrap; justify-content: center; gap: 4px 16px; margin: 0; font-size: 12px; color: ${MUTED}; }
.pat-accept dt { font-weight: 700; color: var(--parley-text, #1d2433); }
.pat-accept dt::after { content: ':'; }
.pat-accept dd { margin: 0 0 0 4px; }
.pat-accept div { display: flex; }
.pat-upload-options { display: flex; flex-wrap: wrap; align-items: end; gap: 16px 32px; }
.pat-upload-options > :last-child { margin-left: auto; }
.pat-upload-failure { padding: 12px 16px; border-radius: ${RADIUS}; margin: 0; font-weight: 600; background: color-mix(in srgb, ${DANGER} 8%, transparent); border: 1px solid color-mix(in srgb, ${DANGER} 30%, transparent); }
`;
