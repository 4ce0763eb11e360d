import { css } from 'lit';

/**
 * A chat panel: the conversation above, the input row at the bottom. Every colour, the font, the corner radius and
 * the height come from `--parley-*` custom properties with fallbacks, so a page themes it without reaching inside.
 */
export const tryItStyles = css`
  :host {
    /* The vocabulary of every element (packages/theme/src/tokens.css); the names of the first release still work. */
    --_primary: var(--parley-primary, var(--parley-color-primary, #3b5bdb));
    --_on-primary: var(--parley-primary-contrast, var(--parley-color-on-primary, #fff));
    --_text: var(--parley-text, var(--parley-color-text, #1d2433));
    --_muted: var(--parley-muted, var(--parley-color-text-muted, #5d6577));
    --_surface: var(--parley-surface, var(--parley-color-surface, #fff));
    --_bot: var(--parley-surface-muted, var(--parley-color-bot-bubble, #f5f6fa));
    --_border: var(--parley-border, var(--parley-color-border, #e1e4ec));
    --_input: var(--parley-surface-muted, var(--parley-color-input, #f5f6fa));
    /* Darkened so error text keeps 4.5:1 on its tinted bubble whatever the danger colour. */
    --_error: var(--parley-color-error, color-mix(in srgb, var(--parley-danger, #d9363e) 80%, black));
    --_error-bg: var(--parley-color-error-surface, color-mix(in srgb, var(--parley-danger, #d9363e) 8%, var(--_surface)));
    --_radius: var(--parley-radius, 12px);
    --_bubble-radius: var(--parley-bubble-radius, 16px);

    display: block;
    box-sizing: border-box;
    height: var(--parley-try-it-height, 560px);
    min-width: 0;
    color: var(--_text);
    font-family: var(--parley-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif);
    font-size: var(--parley-font-size, 14px);
    line-height: 1.45;
  }

  :host([hidden]) {
    display: none;
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  .base {
    display: flex;
    flex-direction: column;
    height: 100%;
    overflow: hidden;
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }

  .messages {
    flex: 1 1 auto;
    min-height: 0;
    overflow-y: auto;
    overscroll-behavior: contain;
    display: flex;
    flex-direction: column;
    gap: 8px;
    padding: 16px 12px;
  }

  .empty {
    margin: auto;
    padding: 0 24px;
    color: var(--_muted);
    text-align: center;
  }

  .message {
    max-width: 82%;
    padding: 8px 12px;
    border-radius: var(--_bubble-radius);
    overflow-wrap: anywhere;
  }

  .user {
    align-self: flex-end;
    background: var(--_primary);
    color: var(--_on-primary);
    border-bottom-right-radius: 4px;
    white-space: pre-wrap;
  }

  .bot {
    align-self: flex-start;
    background: var(--_bot);
    border-bottom-left-radius: 4px;
  }

  /* A reply still being written: plain text, with a caret where the next words arrive. */
  .streaming {
    white-space: pre-wrap;
  }
  .streaming::after {
    content: '▍';
    color: var(--_muted);
  }

  .sources {
    margin: 6px 0 0;
    font-size: 0.85em;
    color: var(--_muted);
    white-space: normal;
  }

  .agent {
    align-self: flex-start;
    background: var(--_bot);
    border-left: 3px solid var(--_primary);
    border-bottom-left-radius: 4px;
    white-space: pre-wrap;
  }
  .system {
    align-self: center;
    max-width: 90%;
    background: none;
    padding: 2px 8px;
    color: var(--_muted);
    font-size: 0.85em;
    text-align: center;
  }
  .error {
    align-self: flex-start;
    background: var(--_error-bg);
    color: var(--_error);
    border: 1px solid color-mix(in srgb, var(--_error) 25%, transparent);
    border-bottom-left-radius: 4px;
  }

  /* Markdown inside a reply. */
  .bot :is(p, ul, ol, pre, blockquote) {
    margin: 0;
  }
  .bot :is(p, ul, ol, pre, blockquote) + :is(p, ul, ol, pre, blockquote) {
    margin-top: 6px;
  }
  .bot :is(ul, ol) {
    padding-left: 20px;
  }
  .bot li + li {
    margin-top: 2px;
  }
  .bot a {
    color: var(--_primary);
    text-decoration: underline;
    text-underline-offset: 2px;
  }
  .bot code {
    padding: 1px 4px;
    border-radius: 4px;
    background: rgb(0 0 0 / 6%);
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.92em;
  }
  .bot pre {
    overflow-x: auto;
    padding: 8px;
    border-radius: 8px;
    background: rgb(0 0 0 / 5%);
  }
  .bot pre code {
    padding: 0;
    background: none;
  }
  .bot blockquote {
    padding-left: 10px;
    border-left: 3px solid var(--_border);
    color: var(--_muted);
  }

  .typing {
    align-self: flex-start;
    display: inline-flex;
    gap: 4px;
    align-items: center;
    padding: 12px 14px;
    border-radius: var(--_bubble-radius);
    border-bottom-left-radius: 4px;
    background: var(--_bot);
  }
  .typing span {
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: var(--_muted);
    animation: parley-typing 1.2s infinite ease-in-out;
  }
  .typing span:nth-child(2) {
    animation-delay: 0.15s;
  }
  .typing span:nth-child(3) {
    animation-delay: 0.3s;
  }
  @keyframes parley-typing {
    0%,
    60%,
    100% {
      opacity: 0.35;
      transform: translateY(0);
    }
    30% {
      opacity: 1;
      transform: translateY(-3px);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .typing span {
      animation: none;
      opacity: 0.6;
    }
  }

  .composer {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 10px 12px;
    border-top: 1px solid var(--_border);
    background: var(--_surface);
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }

  input {
    flex: 1 1 auto;
    min-width: 0;
    height: 40px;
    padding: 0 14px;
    border: 1px solid var(--_border);
    border-radius: 20px;
    background: var(--_input);
    color: inherit;
    font: inherit;
    outline: none;
  }
  input::placeholder {
    color: var(--_muted);
  }
  input:focus {
    border-color: var(--_primary);
    background: var(--_surface);
    box-shadow: 0 0 0 3px color-mix(in srgb, var(--_primary) 20%, transparent);
  }

  button {
    flex: none;
    display: grid;
    place-items: center;
    width: 40px;
    height: 40px;
    padding: 0;
    border: none;
    border-radius: 50%;
    background: var(--_primary);
    color: var(--_on-primary);
    cursor: pointer;
  }
  button:hover {
    background: color-mix(in srgb, var(--_primary) 88%, #000);
  }
  button:focus-visible {
    outline: 2px solid var(--_primary);
    outline-offset: 2px;
  }
  button svg {
    width: 18px;
    height: 18px;
    margin-left: 2px;
  }
`;
