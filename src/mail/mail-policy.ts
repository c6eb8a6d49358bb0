/**
 * The rules of e-mail (docs/correspondence.md#e-mail), pure: which addresses are taken, how often the service's own
 * mails may go, what an SMTP server's answer means for a mail, and when a digest is due.
 */
import { retryAt } from '../common/backoff';
import { ApiError } from '../errors/api-error';
import { type NotificationSettings, minuteOfDay } from '../notifications/notification-settings';
import type { TellableKind } from '../notifications/notification-settings';

/** Mails of the service itself, besides those of player events. */
export const SERVICE_MAIL_KINDS = ['VERIFY', 'DIGEST', 'ADDRESS_CHANGED', 'RESET'] as const;
export type ServiceMailKind = (typeof SERVICE_MAIL_KINDS)[number];
export type MailKind = TellableKind | ServiceMailKind;

/** RFC 5321's limit on a path. */
export const MAX_ADDRESS_LENGTH = 254;
/** Verification mails: at most this many a day to one address, and to one player's addresses. */
export const VERIFY_CAPS = { perAddress: 3, perPlayer: 5 } as const;
/** "Your turn" mails: at most one a game in this long (a fast game would otherwise mail every turn). */
export const TURN_MAIL_GAP_MS = 12 * 3_600_000;
/** How long a verification link works. */
export const VERIFY_LINK_MS = 24 * 3_600_000;
/** How long a password reset link works. */
export const RESET_LINK_MS = 3_600_000;
/** Password reset mails: at most this many to a player a day (more asks are answered alike, and not sent). */
export const RESET_CAP = 3;
export const MAX_MAIL_ATTEMPTS = 6;
export const MAIL_CLAIM_LEASE_MS = 120_000;
/** Waits before the 2nd, 3rd, … attempt. */
const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 3_600_000, 4 * 3_600_000] as const;

/** The address as stored (trimmed, the domain lower-cased), or BAD_USER_INPUT. */
export function checkAddress(text: string): string {
  const address = text.trim();
  const at = address.lastIndexOf('@');
  const valid =
    address.length <= MAX_ADDRESS_LENGTH &&
    at > 0 &&
    at < address.length - 1 &&
    /^[^\s@<>(),;:"\\[\]]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(address);
  if (!valid)
    throw new ApiError('BAD_USER_INPUT', 'address: an e-mail address such as ann@example.com', {
      field: 'address',
    });
  return `${address.slice(0, at)}@${address.slice(at + 1).toLowerCase()}`;
}

/** How an SMTP attempt ended (nodemailer's error, or none). */
export interface SmtpOutcome {
  /** The server's reply code to the command that failed (nodemailer `responseCode`); null when none came. */
  readonly responseCode: number | null;
  /** The command it answered (nodemailer `command`: 'RCPT TO', 'DATA', 'CONN', …). */
  readonly command: string | null;
  /** nodemailer's class of error: 'EENVELOPE' when the recipients were refused, 'EMESSAGE', 'ECONNECTION', … */
  readonly code: string | null;
}

export type MailVerdict =
  | { readonly kind: 'sent' }
  /** The recipient was refused for good (5xx to RCPT TO): no more mail to that address. */
  | { readonly kind: 'bounced' }
  | { readonly kind: 'retry'; readonly at: Date }
  | { readonly kind: 'failed' };

/**
 * What an attempt means: no error is sent (the 250 after DATA came); a 5xx to RCPT TO is a hard bounce; another
 * 5xx would be refused again; a 4xx or no answer at all (the connection died, even during DATA: no 250 came, so
 * the mail may not have been taken) is tried again later, with the same Message-ID.
 */
export function mailVerdict(error: SmtpOutcome | null, attempt: number, at: Date): MailVerdict {
  if (error === null) return { kind: 'sent' };
  const code = error.responseCode;
  if (code !== null && code >= 500) {
    const recipient = error.command === 'RCPT TO' || error.code === 'EENVELOPE';
    return recipient ? { kind: 'bounced' } : { kind: 'failed' };
  }
  if (attempt >= MAX_MAIL_ATTEMPTS) return { kind: 'failed' };
  return { kind: 'retry', at: retryAt(RETRY_DELAYS_MS, attempt, at) };
}

/**
 * Whether the player's daily digest is due at `now`: their digest minute has come today in their time zone, and
 * none was sent since that moment yesterday at the earliest (once a day).
 */
export function digestDue(now: Date, settings: NotificationSettings, lastSent: Date | null): boolean {
  if (settings.digestMinute === null) return false;
  if (minuteOfDay(now, settings.timeZone) < settings.digestMinute) return false;
  // Sent within the last 20 hours: that was today's (a day has at least 23 of them, across a change of the clocks).
  return lastSent === null || now.getTime() - lastSent.getTime() >= 20 * 3_600_000;
}
