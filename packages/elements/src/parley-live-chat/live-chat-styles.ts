/**
 * The inbox's rules (light DOM, so every class is `plc-` prefixed). Columns follow the element's own width (a
 * container query), not the window's: the console's side menu and a partner's layout both narrow it.
 */
export const LIVE_CHAT_CSS = `
parley-live-chat { display: block; height: 100%; min-height: 480px; container-type: inline-size; font-family: var(--parley-font-family, system-ui, sans-serif); color: var(--parley-text, #1d2433); }
.plc-root { background: transparent !important; height: 100%; }
.plc-layout { display: grid; grid-template-columns: 320px minmax(0, 1fr) 300px; height: 100%; min-height: inherit; background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius, 8px); overflow: hidden; }
.plc-muted { color: var(--parley-muted, #5d6577); }
.plc-empty { color: var(--parley-muted, #5d6577); text-align: center; padding: 32px 16px; margin: 0; }
.plc-reconnecting { margin: 0 0 8px; padding: 6px 12px; border-radius: var(--parley-radius-small, 4px); background: color-mix(in srgb, var(--parley-warning, #b7791f) 16%, #fff); color: #5f3b00; font-size: 13px; }

.plc-list { display: flex; flex-direction: column; min-height: 0; border-right: 1px solid var(--parley-border, #e1e4ec); background: var(--parley-surface-muted, #f6f7fb); }
.plc-tabs { display: flex; flex-wrap: wrap; gap: 4px; padding: 12px 12px 4px; }
.plc-tab { all: unset; cursor: pointer; display: inline-flex; align-items: center; gap: 6px; padding: 4px 10px; border-radius: 14px; font-size: 13px; font-weight: 600; color: var(--parley-muted, #5d6577); border: 1px solid transparent; }
.plc-tab:hover { color: var(--parley-text, #1d2433); background: var(--parley-surface, #fff); }
.plc-tab[aria-pressed=true] { color: var(--parley-primary-contrast, #fff); background: var(--parley-primary, #3b5bdb); }
.plc-tab:focus-visible { outline: 2px solid var(--parley-primary, #3b5bdb); outline-offset: 2px; }
.plc-tab-count { min-width: 18px; padding: 0 5px; border-radius: 9px; font-size: 11px; line-height: 18px; text-align: center; background: color-mix(in srgb, currentColor 14%, transparent); }
.plc-tab-count[data-unread] { background: var(--parley-danger, #d9363e); color: #fff; }
.plc-search { padding: 8px 12px; }
.plc-rows { list-style: none; margin: 0; padding: 0 0 8px; overflow-y: auto; flex: 1; min-height: 0; }
.plc-row { display: flex; gap: 10px; padding: 10px 12px; cursor: pointer; border-left: 3px solid transparent; }
.plc-row:hover { background: var(--parley-surface, #fff); }
.plc-row[aria-selected=true] { background: var(--parley-surface, #fff); border-left-color: var(--parley-primary, #3b5bdb); }
.plc-row:focus-visible { outline: 2px solid var(--parley-primary, #3b5bdb); outline-offset: -2px; }
.plc-avatar { flex: none; width: 36px; height: 36px; border-radius: 50%; display: grid; place-items: center; font-size: 13px; font-weight: 700; color: var(--parley-primary, #3b5bdb); background: color-mix(in srgb, var(--parley-primary, #3b5bdb) 14%, #fff); }
.plc-row-main { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
.plc-row-top, .plc-row-bottom { display: flex; align-items: center; gap: 6px; }
.plc-row-name { flex: 1; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.plc-row-time, .plc-row-channel { font-size: 12px; color: var(--parley-muted, #5d6577); }
.plc-row-last { flex: 1; font-size: 13px; color: var(--parley-muted, #5d6577); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.plc-unread { flex: none; min-width: 20px; padding: 0 6px; border-radius: 10px; font-size: 12px; font-weight: 700; line-height: 20px; text-align: center; color: #fff; background: var(--parley-success, #1d7a5d); }
.plc-pin { font-size: 12px; }

.plc-thread { display: flex; flex-direction: column; min-width: 0; min-height: 0; }
.plc-thread-empty { justify-content: center; }
.plc-thread-header { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; padding: 10px 12px 10px 16px; border-bottom: 1px solid var(--parley-border, #e1e4ec); }
.plc-thread-title { flex: 1 1 200px; min-width: 0; }
.plc-thread-title h2 { margin: 0; font-size: var(--parley-font-size-large, 17px); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.plc-thread-title .plc-muted { display: block; font-size: 12px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.plc-thread-actions { display: flex; align-items: center; gap: 2px; flex-wrap: wrap; justify-content: flex-end; }
.plc-back, .plc-panel-toggle { display: none !important; }
.plc-banner { display: flex; align-items: center; gap: 12px; padding: 8px 16px; background: color-mix(in srgb, var(--parley-warning, #b7791f) 14%, #fff); border-bottom: 1px solid var(--parley-border, #e1e4ec); font-size: 13px; }
.plc-banner span { flex: 1; }
.plc-thread-scroll { flex: 1; min-height: 0; overflow-y: auto; padding: 16px; background: var(--parley-surface-muted, #f6f7fb); }
.plc-messages { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.plc-message { display: flex; }
.plc-message[data-actor=agent], .plc-message[data-actor=bot] { justify-content: flex-end; }
.plc-bubble { max-width: min(72%, 560px); padding: 8px 12px 6px; border-radius: 12px; background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); box-shadow: 0 1px 1px rgb(20 28 48 / 4%); }
.plc-message[data-actor=customer] .plc-bubble { border-top-left-radius: 4px; }
.plc-message[data-actor=agent] .plc-bubble { border-top-right-radius: 4px; background: color-mix(in srgb, var(--parley-primary, #3b5bdb) 12%, #fff); border-color: color-mix(in srgb, var(--parley-primary, #3b5bdb) 22%, #fff); }
.plc-message[data-actor=bot] .plc-bubble { border-top-right-radius: 4px; background: #f1f3f7; border-style: dashed; }
.plc-bubble[data-failed] { border-color: var(--parley-danger, #d9363e); }
.plc-author { display: block; font-size: 11px; font-weight: 700; color: var(--parley-muted, #5d6577); margin-bottom: 2px; }
.plc-text { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.plc-meta { display: flex; justify-content: flex-end; align-items: center; gap: 4px; margin-top: 2px; font-size: 11px; color: color-mix(in srgb, var(--parley-muted, #5d6577) 80%, #000); }
.plc-tick { letter-spacing: -3px; padding-right: 3px; }
.plc-tick[data-status=read] { color: #1a73e8; }
.plc-tick[data-status=failed] { color: var(--parley-danger, #d9363e); letter-spacing: 0; }
.plc-failure { margin: 4px 0 0; font-size: 12px; color: var(--parley-danger, #b3261e); }
.plc-system { align-self: center; max-width: 80%; text-align: center; font-size: 12px; color: color-mix(in srgb, var(--parley-muted, #5d6577) 80%, #000); background: var(--parley-surface, #fff); padding: 3px 10px; border-radius: 10px; }
.plc-system[data-actor=error] { color: var(--parley-danger, #b3261e); }
.plc-system .plc-time { margin-left: 4px; }
.plc-image { display: block; max-width: 100%; max-height: 260px; border-radius: 8px; margin-bottom: 4px; }
.plc-image-loading { width: 180px; height: 120px; background: var(--parley-surface-muted, #eef0f5); }
.plc-attachment { display: inline-block; margin-bottom: 4px; font-size: 13px; }
.plc-file { all: unset; cursor: pointer; color: var(--parley-primary, #3b5bdb); text-decoration: underline; margin-bottom: 4px; }
.plc-file:focus-visible { outline: 2px solid var(--parley-primary, #3b5bdb); }
.plc-typing { margin: 8px 0 0; font-size: 12px; font-style: italic; color: var(--parley-muted, #5d6577); }
.plc-composer { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 8px; padding: 12px 16px; border-top: 1px solid var(--parley-border, #e1e4ec); background: var(--parley-surface, #fff); }
.plc-composer-waiting { align-items: center; justify-content: space-between; }
.plc-composer-waiting p { margin: 0; color: var(--parley-muted, #5d6577); }
.plc-composer-buttons { display: flex; gap: 8px; }
.plc-input { flex: 1; min-height: 40px; max-height: 160px; resize: vertical; font: inherit; padding: 8px 10px; border: 1px solid var(--parley-border, #c9ceda); border-radius: var(--parley-radius-small, 4px); color: inherit; background: var(--parley-surface, #fff); }
.plc-input:focus { outline: 2px solid var(--parley-primary, #3b5bdb); outline-offset: -1px; }
.plc-input:disabled { background: var(--parley-surface-muted, #f6f7fb); }
.plc-composer-error { flex-basis: 100%; margin: 0; font-size: 12px; color: var(--parley-danger, #b3261e); }
.plc-composer-file { flex-basis: 100%; display: flex; align-items: center; gap: 4px; margin: 0; font-size: 13px; color: var(--parley-text, #1d2330); }

.plc-panel { padding: 16px; border-left: 1px solid var(--parley-border, #e1e4ec); overflow-y: auto; min-height: 0; }
.plc-panel-name { margin: 0; font-size: var(--parley-font-size-large, 17px); }
.plc-panel p { margin: 2px 0; }
.plc-panel-section { margin-top: 16px; }
.plc-panel-section h3 { margin: 0 0 6px; font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--parley-muted, #5d6577); }
.plc-chips { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px; }
.plc-chips li { padding: 2px 8px; border-radius: 10px; font-size: 12px; background: var(--parley-surface-muted, #eef0f5); }
.plc-fields { margin: 0; display: grid; gap: 6px; }
.plc-fields dt { font-size: 12px; color: var(--parley-muted, #5d6577); }
.plc-fields dd { margin: 0; overflow-wrap: anywhere; }
.plc-note { white-space: pre-wrap; }
.plc-template-host { min-height: 320px; }

@container (max-width: 1099px) {
  .plc-layout { grid-template-columns: 300px minmax(0, 1fr); }
  .plc-panel { display: none; }
  .plc-panel-toggle { display: inline-flex !important; }
  .plc-layout[data-panel=shown] { grid-template-columns: 300px minmax(0, 1fr) 280px; }
  .plc-layout[data-panel=shown] .plc-panel { display: block; }
}
@container (max-width: 759px) {
  .plc-layout, .plc-layout[data-panel=shown] { grid-template-columns: minmax(0, 1fr); }
  .plc-layout[data-view=thread] .plc-list, .plc-layout[data-view=list] .plc-thread { display: none; }
  .plc-layout .plc-panel, .plc-layout[data-panel=shown] .plc-panel { display: none; }
  .plc-panel-toggle { display: none !important; }
  .plc-back { display: inline-flex !important; }
  .plc-list { border-right: 0; }
}
`;
