/**
 * The preview's rules, added once to the document (light DOM, like the other elements). Every class is `ptp-`
 * prefixed; the chat's colours are WhatsApp's light theme, each behind a `--parley-preview-*` token a host may set,
 * and the fonts follow `--parley-font-family`.
 */
const INK = 'var(--parley-preview-text, #111b21)';
const GREY = 'var(--parley-preview-muted, #667781)';
const LINK = 'var(--parley-preview-link, #027eb5)';
const BUBBLE = 'var(--parley-preview-bubble, #ffffff)';
const LINE = 'var(--parley-preview-line, #e9edef)';
const SHADOW = '0 1px 0.5px rgb(11 20 26 / 13%)';

export const PREVIEW_CSS = `
.ptp { box-sizing: border-box; width: 100%; max-width: var(--parley-preview-width, 380px); padding: 16px 14px 18px 20px; border-radius: var(--parley-radius, 8px); background: var(--parley-preview-chat, #efeae2); color: ${INK}; font-family: var(--parley-font-family, system-ui, sans-serif); font-size: 14px; line-height: 1.4; }
.ptp *, .ptp *::before { box-sizing: border-box; }
.ptp-bubble { position: relative; max-width: 300px; background: ${BUBBLE}; border-radius: 0 8px 8px 8px; box-shadow: ${SHADOW}; }
.ptp-bubble::before { content: ''; position: absolute; top: 0; left: -8px; border-style: solid; border-width: 0 8px 10px 0; border-color: transparent ${BUBBLE} transparent transparent; }
.ptp-content { padding: 4px 4px 0; }
.ptp-text { padding: 4px 6px 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.ptp-text code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
.ptp-header-text { font-weight: 700; font-size: 15px; }
.ptp-footer { padding: 2px 6px 0; color: ${GREY}; font-size: 13px; white-space: pre-wrap; overflow-wrap: anywhere; }
.ptp-time { display: block; text-align: right; padding: 0 6px 4px; color: ${GREY}; font-size: 11px; }
.ptp-var { color: var(--parley-primary, #3b5bdb); background: color-mix(in srgb, var(--parley-primary, #3b5bdb) 10%, transparent); border-radius: 3px; padding: 0 2px; }
.ptp-empty { color: ${GREY}; font-style: italic; }
.ptp-media { display: flex; align-items: center; justify-content: center; gap: 8px; width: 100%; aspect-ratio: 1.91 / 1; border-radius: 6px; overflow: hidden; background: #dfe5e7; color: #8696a0; }
.ptp-media img { display: block; width: 100%; height: 100%; object-fit: cover; }
.ptp-media .ptp-icon { width: 44px; height: 44px; }
.ptp-media-video { position: relative; }
.ptp-media-video img + .ptp-play { position: absolute; }
.ptp-play { display: flex; align-items: center; justify-content: center; width: 48px; height: 48px; border-radius: 50%; background: rgb(0 0 0 / 45%); color: #fff; }
.ptp-play .ptp-icon { width: 24px; height: 24px; }
.ptp-doc { display: flex; align-items: center; gap: 10px; padding: 12px 10px; border-radius: 6px; background: #f0f2f5; color: ${INK}; }
.ptp-doc .ptp-icon { width: 28px; height: 28px; color: #e05150; flex: none; }
.ptp-doc span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 13px; }
.ptp-buttons { border-top: 1px solid ${LINE}; }
.ptp-button { display: flex; align-items: center; justify-content: center; gap: 6px; min-height: 40px; padding: 6px 10px; color: ${LINK}; font-weight: 500; text-align: center; overflow-wrap: anywhere; }
.ptp-button + .ptp-button { border-top: 1px solid ${LINE}; }
.ptp-icon { flex: none; }
.ptp-offer { display: flex; gap: 10px; align-items: flex-start; margin: 4px 4px 0; padding: 10px; border-radius: 6px; background: #f0f2f5; }
.ptp-offer-clock { display: flex; align-items: center; justify-content: center; flex: none; width: 32px; height: 32px; border-radius: 50%; background: #d9fdd3; color: #008069; }
.ptp-offer-title { font-weight: 700; overflow-wrap: anywhere; }
.ptp-offer-expiry { color: ${GREY}; font-size: 12px; }
.ptp-offer-code { margin-top: 4px; font-size: 13px; }
.ptp-offer-code code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-weight: 700; letter-spacing: .04em; }
.ptp-cards { display: flex; gap: 8px; margin: 8px -14px 0 0; padding: 2px 14px 6px 0; overflow-x: auto; scroll-snap-type: x mandatory; }
.ptp-card { flex: none; width: var(--parley-preview-card-width, 200px); display: flex; flex-direction: column; background: ${BUBBLE}; border-radius: 8px; box-shadow: ${SHADOW}; scroll-snap-align: start; }
.ptp-card .ptp-content { flex: 1; }
.ptp-card .ptp-media { aspect-ratio: 1.6 / 1; }
.ptp-card .ptp-text { padding-bottom: 6px; }
`;
