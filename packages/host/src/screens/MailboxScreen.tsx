import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { ParleyError } from '@parley/sdk';
import { Codes } from '@parley/sdk/contract/envelope';
import type { OutboxMail } from '@parley/sdk/contract/platform';
import { api } from '../stores/session-store.js';
import { formatMoment } from '../format/locale.js';

const linkify = (text: string) =>
  text.split(/(https?:\/\/\S+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <a key={i} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );

// The outbox holds reset links, so the server shows it to administrators only (or to anyone, on a loopback
// development server with PARLEY_DEV_MAILBOX=on); say which refusal this is.
const refusal = (err: unknown) => {
  const code = err instanceof ParleyError ? err.code : undefined;
  if (code === Codes.LOGIN_REQUIRED) return 'Sign in as an administrator to read the local mailbox.';
  if (code === Codes.ACCESS_DENIED) return 'Only administrators can read the local mailbox.';
  if (code === Codes.NOT_FOUND) return 'The local mailbox is off: this server sends mail through SMTP.';
  return 'The local mailbox could not be read.';
};

/** The local mailbox: without SMTP the server keeps mail in an outbox, and this page shows it. */
export function MailboxScreen() {
  const search = useSearch({ strict: false }) as { to?: string };
  const [mails, setMails] = useState<OutboxMail[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    firstValueFrom(api.platform.mailbox(search.to ? { to: search.to } : {}))
      .then(setMails)
      .catch((err: unknown) => setError(refusal(err)));
  }, [search.to]);
  return (
    <main className="mailbox">
      <h1>Local mailbox{search.to ? ` — ${search.to}` : ''}</h1>
      {error && <p role="alert">{error}</p>}
      {mails?.length === 0 && <p>No Record</p>}
      {mails?.map((mail) => (
        <article key={mail.id} className="mail">
          <header>
            <strong>{mail.subject}</strong>
            <span className="muted">
              to {mail.to} · {formatMoment(mail.createdAt, 'dayTimeSeconds')}
            </span>
          </header>
          <pre>{linkify(mail.text)}</pre>
        </article>
      ))}
    </main>
  );
}
