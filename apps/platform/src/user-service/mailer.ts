import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerEnv {
  SMTP_URL?: string | undefined;
  /** The sender address; defaults to the SMTP user. */
  SMTP_FROM?: string | undefined;
}

/**
 * Sends through SMTP when `SMTP_URL` is set (`smtps://user:pass@host:465`). Without it the
 * message is written to the server log, so a fresh install can sign in without a mail server.
 */
export function createMailer(env: MailerEnv, logger: FastifyBaseLogger): Mailer {
  if (!env.SMTP_URL) {
    return {
      async send(message) {
        logger.info({ to: message.to, subject: message.subject }, `mail (no SMTP_URL set): ${message.text}`);
      },
    };
  }
  const transport = nodemailer.createTransport(env.SMTP_URL);
  const from = env.SMTP_FROM ?? new URL(env.SMTP_URL).username;
  return {
    async send(message) {
      await transport.sendMail({ from: decodeURIComponent(from), ...message });
    },
  };
}

/** A mailer that keeps what it sends, for tests and for the test platform. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
