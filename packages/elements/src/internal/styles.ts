/**
 * The designer's own rules (light DOM: Spectrum's overlays portal to the body). Every class is `pad-` prefixed so a
 * partner page's styles and ours never meet; colours come from the `--parley-*` tokens with fallbacks.
 */
const CSS = `
parley-agent-designer { display: block; min-height: 100%; font-family: var(--parley-font-family, system-ui, sans-serif); color: var(--parley-text, #1d2433); }
.pad-root { background: transparent !important; min-height: 100%; }
.pad-page { padding: var(--parley-space-5, 24px); }
.pad-muted { color: var(--parley-muted, #5d6577); }
.pad-agent-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 16px; }
.pad-agent-card { display: flex; flex-direction: column; background: var(--parley-surface, #fff); border: 1px solid var(--parley-border, #e1e4ec); border-radius: var(--parley-radius, 8px); box-shadow: 0 1px 3px rgb(20 28 48 / 6%); transition: box-shadow .15s, border-color .15s; }
.pad-agent-card:hover { border-color: var(--parley-primary, #3b5bdb); box-shadow: var(--parley-shadow, 0 2px 12px rgb(20 28 48 / 10%)); }
.pad-agent-card { position: relative; }
.pad-agent-body { display: flex; flex-direction: column; gap: 6px; padding: 16px 16px 8px; }
.pad-agent-open { all: unset; cursor: pointer; text-align: start; }
.pad-agent-open::after { content: ''; position: absolute; inset: 0; border-radius: var(--parley-radius, 8px); }
.pad-agent-card:has(.pad-agent-open:focus-visible) { outline: 2px solid var(--parley-primary, #3b5bdb); outline-offset: 2px; }
.pad-agent-footer > * { position: relative; z-index: 1; }
.pad-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.pad-agent-type { align-self: flex-start; font-size: 11px; font-weight: 700; letter-spacing: .06em; color: var(--parley-primary, #3b5bdb); background: color-mix(in srgb, var(--parley-primary, #3b5bdb) 10%, transparent); padding: 2px 8px; border-radius: 10px; }
.pad-agent-name { font-size: 17px; font-weight: 700; overflow-wrap: anywhere; }
.pad-agent-description { color: var(--parley-muted, #5d6577); font-size: 13px; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.pad-agent-dates { display: flex; flex-direction: column; gap: 2px; font-size: 12px; color: var(--parley-muted, #5d6577); margin-top: 4px; }
.pad-agent-footer { display: flex; align-items: center; justify-content: space-between; padding: 0 8px 8px 8px; min-height: 40px; border-top: 1px solid var(--parley-border, #e1e4ec); margin-top: 8px; padding-top: 4px; }
.pad-shell { display: flex; flex-direction: column; min-height: 100%; position: relative; }
.pad-shell-header { display: flex; align-items: center; gap: 16px; padding: 12px 24px; background: var(--parley-surface, #fff); border-bottom: 1px solid var(--parley-border, #e1e4ec); flex-wrap: wrap; }
.pad-shell-title { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.pad-tabs { display: flex; gap: 4px; padding: 0 24px; background: var(--parley-surface, #fff); border-bottom: 1px solid var(--parley-border, #e1e4ec); overflow-x: auto; }
.pad-tab { padding: 10px 12px; color: var(--parley-muted, #5d6577); text-decoration: none; border-bottom: 2px solid transparent; white-space: nowrap; font-weight: 600; }
.pad-tab:hover { color: var(--parley-text, #1d2433); }
.pad-tab[aria-current=page] { color: var(--parley-primary, #3b5bdb); border-bottom-color: var(--parley-primary, #3b5bdb); }
.pad-tab:focus-visible { outline: 2px solid var(--parley-primary, #3b5bdb); outline-offset: -2px; }
.pad-shell-body { flex: 1; min-height: 0; }
.pad-shell-body[data-dimmed] { filter: brightness(.96); }
.pad-analytics-frame { display: block; width: 100%; height: calc(100vh - 200px); min-height: 480px; border: 0; background: var(--parley-surface, #fff); }
.pad-try-it { position: fixed; inset: 0 0 0 auto; margin: 0; padding: 0; border: 0; max-width: none; max-height: none; height: 100%; width: min(420px, 100vw); background: var(--parley-surface, #fff); color: inherit; z-index: 51; display: flex; flex-direction: column; box-shadow: -4px 0 24px rgb(20 28 48 / 20%); }
.pad-try-it::backdrop { background: rgb(20 28 48 / 35%); }
.pad-try-it-header { display: flex; align-items: center; justify-content: space-between; padding: 12px 16px; border-bottom: 1px solid var(--parley-border, #e1e4ec); }
.pad-try-it-note { margin: 8px 16px 0; padding: 8px 12px; background: #fff6e5; border-radius: var(--parley-radius-small, 4px); font-size: 13px; }
.pad-try-it-chat { flex: 1; min-height: 0; display: block; --parley-try-it-height: 100%; }
`;

let injected = false;

/** Adds the rules to the document once, on first render. */
export function ensureDesignerStyles(): void {
  if (injected || typeof document === 'undefined') return;
  injected = true;
  const style = document.createElement('style');
  style.dataset.parley = 'agent-designer';
  style.textContent = CSS;
  document.head.append(style);
}

/** For screens that bring their own rules: each block is added once, under its name. */
export function ensureStyles(name: string, css: string): void {
  if (typeof document === 'undefined' || document.head.querySelector(`style[data-parley="${name}"]`)) return;
  const style = document.createElement('style');
  style.dataset.parley = name;
  style.textContent = css;
  document.head.append(style);
}
