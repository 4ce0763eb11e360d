/**
 * The report's own rules (light DOM: Spectrum's overlays portal to the body). Every class is `pnr-` prefixed so a
 * partner page's styles and ours never meet; colours come from the `--parley-*` tokens with fallbacks. The layout
 * follows the element's own width (a container query), not the window's: the report may sit in a narrow column.
 */
const PRIMARY = 'var(--parley-primary, #3b5bdb)';
const SECOND = 'var(--parley-warning, #e68619)';
const BORDER = 'var(--parley-border, #e1e4ec)';
const MUTED = 'var(--parley-muted, #5d6577)';
const TEXT = 'var(--parley-text, #1d2433)';
const SURFACE = 'var(--parley-surface, #fff)';
const RADIUS = 'var(--parley-radius, 8px)';
/**
 * The report lives in the page's light DOM, where a partner's own element rules (`header { background: navy }`,
 * `h3 { font-size: 2em }`) reach it. Each of our semantic elements states what such rules commonly set, at class
 * specificity, which beats any element selector.
 */
const SHIELD = 'background: none; color: inherit; border: 0; box-shadow: none; position: static; float: none; text-align: start; text-transform: none; letter-spacing: normal; font-family: inherit; font-style: normal;';

export const REPORT_CSS = `
parley-nlp-report { display: block; min-height: 100%; font-family: var(--parley-font-family, system-ui, sans-serif); color: ${TEXT}; }
.pnr-root { background: transparent !important; min-height: 100%; container: pnr-report / inline-size; }
.pnr-page { padding: var(--parley-space-5, 24px); background: var(--parley-surface-muted, #f5f6fa); min-height: 100%; box-sizing: border-box; }
.pnr-title { ${SHIELD} margin: 0 0 16px; padding: 0; font-size: 22px; font-weight: 700; line-height: 1.25; }
.pnr-muted { color: ${MUTED}; }
.pnr-grow { flex: 1; }
.pnr-nowrap { white-space: nowrap; }
.pnr-sr-only { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }

.pnr-filter { display: grid; grid-template-columns: minmax(180px, 1.3fr) minmax(200px, 1fr) minmax(200px, 1fr) auto; gap: 12px 16px; align-items: start; padding: 16px; background: ${SURFACE}; border: 1px solid ${BORDER}; border-radius: ${RADIUS}; margin-bottom: 8px; }
.pnr-filter > * { min-width: 0; }
.pnr-submit { margin-top: 24px; }
.pnr-tabs { margin-top: 4px; }
.pnr-tab-panels { padding-top: 16px; }

.pnr-card { margin: 0; background: ${SURFACE}; border: 1px solid ${BORDER}; border-radius: ${RADIUS}; padding: 16px; min-width: 0; box-sizing: border-box; position: relative; }
.pnr-card-header { ${SHIELD} padding: 0; width: auto; height: auto; display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 12px; }
.pnr-card-title { ${SHIELD} margin: 0; padding: 0; font-size: 15px; font-weight: 700; line-height: 1.3; }
.pnr-link-button { all: unset; cursor: pointer; color: ${PRIMARY}; font-size: 13px; font-weight: 600; padding: 2px 4px; border-radius: 4px; white-space: nowrap; }
.pnr-link-button:hover { text-decoration: underline; }
.pnr-link-button:focus-visible { outline: 2px solid ${PRIMARY}; outline-offset: 2px; }
.pnr-empty { color: ${MUTED}; text-align: center; padding: 40px 8px; margin: 0; }

.pnr-overview { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); }
.pnr-stats { grid-column: 1 / -1; display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 16px; margin: 0; }
.pnr-stat { background: ${SURFACE}; border: 1px solid ${BORDER}; border-left: 4px solid ${PRIMARY}; border-radius: ${RADIUS}; padding: 14px 16px; display: flex; flex-direction: column; gap: 4px; min-width: 0; }
.pnr-stat dt { ${SHIELD} color: ${MUTED}; margin: 0; padding: 0; font-size: 13px; font-weight: 600; }
.pnr-stat dd { ${SHIELD} margin: 0; padding: 0; }
.pnr-stat-value { font-size: 28px; font-weight: 700; line-height: 1.15; font-variant-numeric: tabular-nums; }
.pnr-stat-note { font-size: 12px; color: ${MUTED}; }
@container pnr-report (min-width: 720px) {
  .pnr-overview { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .pnr-area-trend, .pnr-area-users { grid-column: 1 / -1; }
}
@container pnr-report (min-width: 1040px) {
  .pnr-overview { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  .pnr-area-trend, .pnr-area-users { grid-column: span 2; }
}
@container pnr-report (max-width: 760px) {
  .pnr-filter { grid-template-columns: 1fr 1fr; }
  .pnr-filter > :first-child { grid-column: 1 / -1; }
  .pnr-submit { margin-top: 0; justify-self: start; }
}
@container pnr-report (max-width: 520px) {
  .pnr-page { padding: 12px; }
  .pnr-filter { grid-template-columns: minmax(0, 1fr); padding: 12px; }
  .pnr-stats { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 10px; }
  .pnr-stat { padding: 10px 12px; }
  .pnr-stat-value { font-size: 22px; }
  .pnr-card { padding: 12px; }
}

.pnr-chart { position: relative; min-width: 0; }
.pnr-svg { display: block; overflow: visible; max-width: 100%; }
.pnr-fill-scoped { fill: ${PRIMARY}; background: ${PRIMARY}; }
.pnr-fill-nonScoped { fill: ${SECOND}; background: ${SECOND}; }
.pnr-hit { fill: transparent; }
.pnr-day { outline: none; cursor: default; }
.pnr-day:hover .pnr-hit, .pnr-day:focus .pnr-hit { fill: color-mix(in srgb, ${PRIMARY} 7%, transparent); }
.pnr-day:focus-visible .pnr-hit { stroke: ${PRIMARY}; stroke-width: 1.5; }
.pnr-axis text { fill: ${MUTED}; font-size: 11px; font-family: inherit; }
.pnr-axis line, .pnr-axis path { stroke: ${BORDER}; }
.pnr-axis-y .tick line { stroke-dasharray: 3 3; }
.pnr-axis-x .tick line { display: none; }
.pnr-line { fill: none; stroke: ${PRIMARY}; stroke-width: 2.5; stroke-linejoin: round; }
.pnr-point { fill: ${SURFACE}; stroke: ${PRIMARY}; stroke-width: 2; }
.pnr-day:hover .pnr-point, .pnr-day:focus .pnr-point { fill: ${PRIMARY}; }
.pnr-donut { display: flex; flex-direction: column; align-items: center; }
.pnr-slice { outline: none; stroke: ${SURFACE}; stroke-width: 1; }
.pnr-slice:hover, .pnr-slice:focus-visible { stroke: ${TEXT}; stroke-width: 2; }
.pnr-donut-value { font-size: 26px; font-weight: 700; fill: ${TEXT}; font-variant-numeric: tabular-nums; }
.pnr-donut-label { font-size: 12px; fill: ${MUTED}; text-transform: uppercase; letter-spacing: .06em; }
.pnr-legend { display: flex; flex-wrap: wrap; justify-content: center; gap: 16px; list-style: none; padding: 0; margin: 8px 0 0; font-size: 12px; color: ${MUTED}; }
.pnr-swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px; vertical-align: -1px; flex: none; }
.pnr-tooltip { position: absolute; transform: translate(-50%, calc(-100% - 8px)); display: flex; flex-direction: column; gap: 2px; background: #1d2433; color: #fff; padding: 6px 10px; border-radius: 6px; font-size: 12px; line-height: 1.35; pointer-events: none; white-space: nowrap; z-index: 2; box-shadow: 0 2px 10px rgb(20 28 48 / 25%); }
.pnr-table-view { overflow-x: auto; }
.pnr-data-table { width: 100%; border-collapse: collapse; font-size: 13px; }
.pnr-data-table caption { text-align: left; color: ${MUTED}; font-size: 12px; padding-bottom: 6px; }
.pnr-data-table th, .pnr-data-table td { text-align: left; padding: 6px 8px; border-bottom: 1px solid ${BORDER}; }
.pnr-data-table td { font-variant-numeric: tabular-nums; }

.pnr-totals { display: flex; flex-direction: column; margin-top: 12px; border-top: 1px solid ${BORDER}; padding-top: 8px; }
.pnr-total { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 6px 8px; border-radius: 6px; font: inherit; color: inherit; text-align: left; }
.pnr-total-label { display: inline-flex; align-items: center; font-size: 13px; color: ${MUTED}; font-weight: 600; }
.pnr-total-value { font-size: 17px; font-weight: 700; font-variant-numeric: tabular-nums; }
.pnr-total-link { all: unset; box-sizing: border-box; display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 6px 8px; border-radius: 6px; cursor: pointer; }
.pnr-total-link .pnr-total-label { color: ${PRIMARY}; text-decoration: underline; text-underline-offset: 3px; }
.pnr-total-link:hover { background: color-mix(in srgb, ${PRIMARY} 7%, transparent); }
.pnr-total-link:focus-visible { outline: 2px solid ${PRIMARY}; outline-offset: 1px; }
.pnr-total-link:disabled { cursor: default; }

.pnr-intents { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 12px; counter-reset: pnr-intent; }
.pnr-intent { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 4px 12px; align-items: baseline; counter-increment: pnr-intent; }
.pnr-intent-name { font-weight: 600; overflow-wrap: anywhere; }
.pnr-intent-name::before { content: counter(pnr-intent) ". "; color: ${MUTED}; font-weight: 400; }
.pnr-intent-count { font-weight: 700; font-variant-numeric: tabular-nums; }
.pnr-intent-bar { grid-column: 1 / -1; height: 6px; border-radius: 3px; background: color-mix(in srgb, ${PRIMARY} 12%, transparent); overflow: hidden; }
.pnr-intent-bar > span { display: block; height: 100%; background: ${PRIMARY}; border-radius: 3px; }

.pnr-table-wrap { overflow-x: auto; border: 1px solid ${BORDER}; border-radius: ${RADIUS}; background: ${SURFACE}; }
.pnr-rows { width: 100%; border-collapse: collapse; font-size: 13px; }
.pnr-rows th { background: var(--parley-surface-muted, #f5f6fa); text-align: left; font-weight: 700; white-space: nowrap; padding: 10px 12px; color: ${MUTED}; font-size: 12px; text-transform: uppercase; letter-spacing: .03em; }
.pnr-rows td { padding: 10px 12px; border-top: 1px solid ${BORDER}; vertical-align: top; }
.pnr-row { cursor: pointer; }
.pnr-row:hover { background: color-mix(in srgb, ${PRIMARY} 5%, transparent); }
.pnr-row:focus-visible { outline: 2px solid ${PRIMARY}; outline-offset: -2px; }
.pnr-row-empty td { text-align: center; color: ${MUTED}; padding: 32px 12px; }
.pnr-cell-message { font-weight: 600; min-width: 140px; overflow-wrap: anywhere; }
.pnr-cell-response { color: ${MUTED}; min-width: 180px; max-width: 320px; }
.pnr-collected { margin: 6px 0 0; display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 12px; }
.pnr-collected div { display: flex; gap: 4px; }
.pnr-collected dt { font-weight: 700; }
.pnr-collected dt::after { content: ':'; }
.pnr-collected dd { margin: 0; color: ${TEXT}; }
.pnr-reply > :first-child { margin-top: 0; }
.pnr-reply > :last-child { margin-bottom: 0; }
.pnr-reply p, .pnr-reply ul, .pnr-reply ol { margin: 0 0 4px; }
.pnr-reply ul, .pnr-reply ol { padding-left: 18px; }
.pnr-cell-emotion { text-align: center; }
.pnr-cell-emotion [role=img] { font-size: 20px; line-height: 1; }
.pnr-pill { justify-self: start; display: inline-block; padding: 1px 10px; border-radius: 10px; font-size: 12px; font-weight: 700; }
.pnr-pill-yes { color: #1c6b52; background: color-mix(in srgb, var(--parley-success, #1d7a5d) 16%, transparent); }
.pnr-pill-kb { margin-block-start: 4px; color: var(--parley-text, #1f2430); background: color-mix(in srgb, var(--parley-primary, #3b63d6) 14%, transparent); }
.pnr-pill-no { color: #a8262c; background: color-mix(in srgb, var(--parley-danger, #d9363e) 13%, transparent); }
.pnr-rows-compact td, .pnr-rows-compact th { padding: 8px 10px; }
.pnr-dialog-message { margin: 0 0 12px; overflow-wrap: anywhere; }
.pnr-dialog-body { container: pnr-dialog / inline-size; }
@container pnr-dialog (max-width: 460px) {
  .pnr-rows-compact thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .pnr-rows-compact, .pnr-rows-compact tbody, .pnr-rows-compact tr { display: block; }
  .pnr-rows-compact tr + tr { border-top: 1px solid ${BORDER}; }
  .pnr-rows-compact td { display: grid; grid-template-columns: 8.5em minmax(0, 1fr); gap: 8px; border: 0; padding: 4px 10px; }
  .pnr-rows-compact td::before { content: attr(data-label); color: ${MUTED}; font-weight: 600; font-size: 12px; }
  .pnr-rows-compact .pnr-row-empty td { display: block; text-align: center; }
  .pnr-rows-compact .pnr-row-empty td::before { content: none; }
}
.pnr-dialog-message .pnr-muted { display: block; font-size: 12px; font-weight: 700; text-transform: uppercase; letter-spacing: .03em; }
@container pnr-report (max-width: 720px) {
  .pnr-conversations .pnr-rows thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .pnr-conversations .pnr-rows, .pnr-conversations .pnr-rows tbody, .pnr-conversations .pnr-rows tr { display: block; }
  .pnr-conversations .pnr-row { border-top: 1px solid ${BORDER}; padding: 8px 0; }
  .pnr-conversations .pnr-row:first-child { border-top: 0; }
  .pnr-conversations .pnr-rows td { display: grid; grid-template-columns: 8.5em minmax(0, 1fr); gap: 8px; border: 0; padding: 3px 12px; max-width: none; min-width: 0; text-align: left; }
  .pnr-conversations .pnr-rows td::before { content: attr(data-label); color: ${MUTED}; font-weight: 600; font-size: 12px; }
  .pnr-conversations .pnr-row-empty td { display: block; text-align: center; }
  .pnr-conversations .pnr-row-empty td::before { content: none; }
}

`;
