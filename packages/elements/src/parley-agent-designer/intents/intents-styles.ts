/** Rules of the stories and intents screen (added once to the document; `pad-` prefixed). */
export const INTENTS_CSS = `
.pad-intents { display: grid; grid-template-columns: minmax(220px, 260px) minmax(380px, 1fr) minmax(280px, 340px); gap: 0; min-height: calc(100vh - 180px); background: var(--parley-surface-muted, #f5f6fa); }
.pad-col { display: flex; flex-direction: column; gap: 10px; padding: 16px; background: var(--parley-surface, #fff); border-right: 1px solid var(--parley-border, #e1e4ec); min-width: 0; }
.pad-col-right { border-right: 0; background: var(--parley-surface-muted, #f5f6fa); }
.pad-col-empty { justify-content: center; }
.pad-col-title { font-weight: 700; font-size: 15px; }
.pad-small { font-size: 12px; }
.pad-grow { flex: 1; }
.pad-error { color: var(--parley-danger, #d9363e); font-size: 12px; }
.pad-empty { color: var(--parley-muted, #5d6577); padding: 12px 4px; font-size: 13px; list-style: none; }
.pad-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 2px; overflow-y: auto; }
.pad-list-row { display: flex; align-items: center; border-radius: var(--parley-radius-small, 4px); }
.pad-list-row:hover { background: var(--parley-surface-muted, #f5f6fa); }
.pad-list-row[aria-current=true] { background: color-mix(in srgb, var(--parley-primary, #3b5bdb) 10%, transparent); }
.pad-list-row[aria-current=true] .pad-list-open > span:first-child { color: var(--parley-primary, #3b5bdb); font-weight: 600; }
.pad-list-open { all: unset; flex: 1; min-width: 0; cursor: pointer; display: flex; flex-direction: column; padding: 8px; overflow-wrap: anywhere; }
.pad-list-open:focus-visible { outline: 2px solid var(--parley-primary, #3b5bdb); outline-offset: -2px; border-radius: 4px; }
.pad-unsaved { margin: 0; font-size: 12px; color: var(--parley-warning, #e68619); font-weight: 600; }
.pad-phrases, .pad-responses { padding-top: 12px; }
.pad-phrase-list, .pad-response-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.pad-phrase { display: flex; align-items: center; gap: 4px; padding: 2px 4px 2px 8px; border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius-small, 4px); background: var(--parley-surface, #fff); }
.pad-phrase[data-editing] { border-color: var(--parley-primary, #3b5bdb); }
.pad-phrase-text { flex: 1; min-width: 0; padding: 6px 4px; outline: none; cursor: text; caret-color: var(--parley-primary, #3b5bdb); overflow-wrap: anywhere; border-radius: 3px; }
.pad-phrase-text:focus-visible { box-shadow: 0 0 0 2px var(--parley-primary, #3b5bdb); }
.pad-phrase-entity { background: #ffe8b0; color: inherit; border-radius: 3px; padding: 0 2px; border-bottom: 2px solid #e6a700; }
.pad-response { position: relative; padding: 10px 80px 10px 12px; border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius-small, 4px); background: var(--parley-surface, #fff); }
.pad-response[data-editing] { border-color: var(--parley-primary, #3b5bdb); }
.pad-response-actions { position: absolute; top: 4px; right: 4px; display: flex; }
.pad-markdown > :first-child { margin-top: 0; } .pad-markdown > :last-child { margin-bottom: 0; }
.pad-markdown ul, .pad-markdown ol { padding-left: 22px; }
.pad-quill { background: var(--parley-surface, #fff); border-radius: var(--parley-radius-small, 4px); }
.pad-quill .ql-container { min-height: 110px; font-family: var(--parley-font-family, system-ui, sans-serif); font-size: 14px; }
.pad-quill[data-invalid] .ql-container { border-color: var(--parley-danger, #d9363e); }
.pad-quill .ql-toolbar { border-radius: var(--parley-radius-small, 4px) var(--parley-radius-small, 4px) 0 0; }
.pad-quill .ql-container { border-radius: 0 0 var(--parley-radius-small, 4px) var(--parley-radius-small, 4px); }
.pad-params { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; }
.pad-param { background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius, 8px); padding: 8px 12px 12px; display: flex; flex-direction: column; gap: 6px; }
.pad-param-head { display: flex; align-items: center; gap: 8px; }
.pad-param-entity { flex: 1; font-weight: 600; color: #8a5a00; overflow-wrap: anywhere; }
.pad-prompts ul { list-style: none; margin: 4px 0; padding: 0; }
.pad-prompt { display: flex; align-items: center; gap: 2px; font-size: 13px; }
.pad-prompt span { flex: 1; overflow-wrap: anywhere; }
.pad-picker-phrase { margin: 0; padding: 8px 10px; background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius-small, 4px); }
.pad-picker-list { max-height: 320px; background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius-small, 4px); }
.pad-new-entity { display: flex; flex-direction: column; gap: 4px; }
.pad-paraphrases { display: flex; flex-direction: column; }
.pad-generator-note { color: var(--spectrum-global-color-gray-700); margin-block-end: var(--spectrum-global-dimension-size-100); }
@media (max-width: 1100px) { .pad-intents { grid-template-columns: 220px 1fr; } .pad-col-right { grid-column: 1 / -1; } }
`;
