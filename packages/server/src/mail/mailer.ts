import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { mailOutbox } from '../db/schema.js';

export interface Mail {
  eId: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * Every mail is written to the outbox first, so nothing is lost when SMTP is down and, without SMTP, an admin can
 * read it (the mailbox page). With SMTP_URL set it is then sent and marked.
 */
export class Mailer {
  private readonly transport;

  constructor(
    private readonly db: Db,
    private readonly from: string,
    smtpUrl: string | undefined,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  get delivers(): boolean {
    return this.transport !== undefined;
  }

  async send(mail: Mail): Promise<void> {
    const [row] = await this.db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
    if (!this.transport || !row) return;
    try {
      await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
      await this.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    } catch (err) {
      this.log.error({ err, to: mail.to }, 'mail not sent');
      await this.db
        .update(mailOutbox)
        .set({ error: String(err) })
        .where(eq(mailOutbox.id, row.id));
    }
  }
}
