import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import type { OutboxMail } from '@parley/sdk/contract/platform';
import { api } from '../stores/session-store.js';

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

/** The local mailbox: without SMTP the server keeps mail in an outbox, and this page shows it. */
export function MailboxScreen() {
  const search = useSearch({ strict: false }) as { to?: string };
  const [mails, setMails] = useState<OutboxMail[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    firstValueFrom(api.platform.mailbox(search.to ? { to: search.to } : {}))
      .then(setMails)
      .catch(() => setError('The local mailbox is off: this server sends mail through SMTP.'));
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
              to {mail.to} · {new Date(mail.createdAt).toLocaleString()}
            </span>
          </header>
          <pre>{linkify(mail.text)}</pre>
        </article>
      ))}
    </main>
  );
}
