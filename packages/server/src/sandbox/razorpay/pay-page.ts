import type { SandboxLink } from './links-store.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const money = (link: SandboxLink) =>
  `${link.currency === 'INR' ? '₹' : '$'}${(link.amount / 100).toLocaleString(link.currency === 'INR' ? 'en-IN' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The sandbox's hosted payment page: what Razorpay's checkout is in production, reduced to the choices a demo needs.
 * It says plainly that it is a sandbox and that no money moves. Plain forms, no script (the console's CSP holds).
 */
export function payPage(link: SandboxLink, prefix: string): string {
  const open = link.status === 'created';
  const action = (what: string) => `${prefix}/pay/${encodeURIComponent(link.id)}/${what}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment · ${escape(money(link))} · Parley</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; background: #f4f6fb; color: #1b1f2a; margin: 0; }
  main { max-width: 420px; margin: 48px auto; background: #fff; border-radius: 12px; box-shadow: 0 2px 12px #0002; padding: 28px; }
  .banner { background: #fff4d6; border: 1px solid #e0b100; color: #5c4500; border-radius: 8px; padding: 10px 12px; font-size: 14px; }
  h1 { font-size: 22px; margin: 18px 0 4px; } .amount { font-size: 34px; font-weight: 700; margin: 8px 0 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; font-size: 14px; color: #4a5063; }
  dd { margin: 0; word-break: break-all; } form { display: inline; }
  .actions { display: flex; gap: 12px; margin-top: 24px; flex-wrap: wrap; }
  button { font: inherit; padding: 10px 18px; border-radius: 8px; border: 1px solid #8a90a0; background: #fff; cursor: pointer; }
  button.pay { background: #0b5cd5; border-color: #0b5cd5; color: #fff; font-weight: 600; }
  button:focus-visible { outline: 3px solid #f5a800; outline-offset: 2px; }
</style></head>
<body><main>
  <p class="banner" role="note"><strong>Sandbox payment provider.</strong> This page stands in for Razorpay's checkout in the demo. No card is asked for and no money moves.</p>
  <h1>${escape(link.description || 'Payment')}</h1>
  <p class="amount">${escape(money(link))}</p>
  <dl><dt>Payment link</dt><dd>${escape(link.id)}</dd><dt>Reference</dt><dd>${escape(link.referenceId)}</dd><dt>Status</dt><dd>${escape(link.status)}</dd></dl>
  ${
    open
      ? `<div class="actions">
    <form method="post" action="${action('pay')}"><button class="pay" type="submit">Pay ${escape(money(link))}</button></form>
    <form method="post" action="${action('cancel')}"><button type="submit">Cancel payment</button></form>
    <form method="post" action="${action('expire')}"><button type="submit">Let the link expire</button></form>
  </div>`
      : `<p>This link is ${escape(link.status)}; nothing more can be paid on it.</p>`
  }
</main></body></html>`;
}
