/**
 * Sends mail (docs/correspondence.md#e-mail). Every app copy runs one, when SMTP is set (MAIL_INTERVAL_MS, and at
 * once when any copy queued mail). Mails are queued in the statement of each player event
 * (src/mail/sql/mail-outbox.ts) or by the service (verification, notices), and each pass also queues the daily
 * digests that are due. A pass claims due mails (FOR UPDATE SKIP LOCKED, a lease ahead: a mail lost with its app
 * comes due again), and for each decides with the player and the game as they are now:
 * - not sent (SKIPPED) when the account is gone, the address is unverified, bounced or changed, the player no
 *   longer takes that kind, "your turn" is stale or was mailed for the game within 12 hours, or a digest has no
 *   game left;
 * - held to the end of quiet hours (a deadline reminder due inside them is not);
 * - otherwise sent over SMTP (nodemailer), with a Message-ID made of its own id — the same on every attempt, so a
 *   mail sent again after a lost answer is recognisably the same mail — and, for a kind the player chose, a
 *   one-click unsubscribe (RFC 8058). It counts as sent only once the server answered 250 after DATA; a 5xx to the
 *   recipient is a hard bounce and stops mail to that address.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { type Transporter, createTransport } from 'nodemailer';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import type { MailSettings } from '../config/config';
import { DatabaseAvailability } from '../db/availability';
import { PeriodicPass } from '../db/periodic-pass';
import { EventBus } from '../notifications/event-bus';
import {
  TELLABLE_KINDS,
  type TellableKind,
  heldUntil,
  kindsOf,
} from '../notifications/notification-settings';
import { settingsOfColumns } from '../notifications/notification-settings.repository';
import { MailLinks } from './mail-links';
import { type MailContent, composeMail } from './mail-message';
import {
  MAIL_CLAIM_LEASE_MS,
  MAX_MAIL_ATTEMPTS,
  SERVICE_MAIL_KINDS,
  type ServiceMailKind,
  type SmtpOutcome,
  TURN_MAIL_GAP_MS,
  digestDue,
  mailVerdict,
} from './mail-policy';
import { type ClaimedMail, type MailOutcome, MailRepository } from './mail.repository';

const BATCH = 20;
const MAX_BATCHES = 10;
const WAKE_MS = 100;
const HOUSEKEEPING_EVERY_MS = 3_600_000;
const KEEP_FINISHED_MS = 30 * 86_400_000;

export interface MailReport {
  readonly sent: number;
  readonly skipped: number;
  readonly later: number;
  readonly failed: number;
  readonly digests: number;
}

/** What a claimed mail is about, once read. */
type MailKindOf = { readonly service: ServiceMailKind } | { readonly event: TellableKind };

@Injectable()
export class MailWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MailWorker.name);
  private readonly passes: PeriodicPass<MailReport>;
  private readonly transport: Transporter | null;
  private readonly settings: MailSettings | null;
  private unsubscribe: (() => void) | null = null;
  private housekeptAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly repository: MailRepository,
    private readonly links: MailLinks,
    private readonly clock: Clock,
    private readonly events: EventBus,
    availability: DatabaseAvailability,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
  ) {
    this.passes = new PeriodicPass('mail pass', this.logger, availability);
    this.settings = config.mail;
    this.transport =
      config.mail === null
        ? null
        : createTransport(config.mail.smtpUrl, {
            from: config.mail.from,
            ...(config.mail.dkim === null
              ? {}
              : {
                  dkim: {
                    domainName: config.mail.dkim.domain,
                    keySelector: config.mail.dkim.selector,
                    privateKey: config.mail.dkim.privateKey,
                  },
                }),
          });
  }

  /** Whether this server sends mail (SMTP_URL is set). */
  get enabled(): boolean {
    return this.transport !== null;
  }

  onApplicationBootstrap(): void {
    const interval = this.config.workers.mailIntervalMs;
    if (this.transport === null || interval === 0) return;
    this.passes.start(interval, () => this.sendDue());
    this.unsubscribe = this.events.onDeliveriesQueued('mail', () => this.wakeSoon());
  }

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe?.();
    await this.passes.stop();
    this.transport?.close();
  }

  /** One pass (after a running one): digests due are queued, then due mails sent. */
  sendDue(): Promise<MailReport> {
    return this.passes.run(() => this.pass());
  }

  /** Soon, in the background (the service queued a mail). */
  wakeSoon(): void {
    if (this.transport !== null) this.passes.soon(WAKE_MS, () => this.pass());
  }

  private async pass(): Promise<MailReport> {
    const report = { sent: 0, skipped: 0, later: 0, failed: 0, digests: 0 };
    if (this.transport === null) return report;
    const started = this.clock.now();
    await this.housekeeping(started);
    report.digests = await this.queueDigests(started);
    for (let batch = 0; batch < MAX_BATCHES && !this.passes.stopping; batch++) {
      const now = this.clock.now();
      const claimed = await this.repository.claim(
        now,
        MAX_MAIL_ATTEMPTS,
        BATCH,
        new Date(now.getTime() + MAIL_CLAIM_LEASE_MS),
        TURN_MAIL_GAP_MS,
      );
      // One at a time: an SMTP server takes a few connections at most, and order is kept.
      for (const mail of claimed) {
        const outcome = await this.attempt(mail);
        if (outcome === null) continue;
        if (outcome.kind === 'sent') report.sent++;
        else if (outcome.kind === 'skipped') report.skipped++;
        else if (outcome.kind === 'held' || outcome.kind === 'retry') report.later++;
        else report.failed++;
      }
      if (claimed.length < BATCH) break;
    }
    if (report.sent + report.skipped + report.later + report.failed + report.digests > 0) {
      this.logger.log(
        `mail pass: ${report.sent} sent, ${report.skipped} skipped, ${report.later} for later, ` +
          `${report.failed} failed, ${report.digests} digests queued`,
      );
    }
    return report;
  }

  private async queueDigests(now: Date): Promise<number> {
    let queued = 0;
    for (const candidate of await this.repository.digestCandidates(now)) {
      if (!digestDue(now, settingsOfColumns(candidate), candidate.digest_sent_at)) continue;
      if (await this.repository.queueDigest(candidate.player_id, candidate.digest_sent_at, now)) queued++;
    }
    return queued;
  }

  private async attempt(mail: ClaimedMail): Promise<MailOutcome | null> {
    const outcome = await this.outcomeOf(mail);
    try {
      await this.repository.record(mail, outcome);
      return outcome;
    } catch (error) {
      // Unrecorded, the mail comes due again when its lease runs out (a repeat with the same Message-ID).
      this.logger.warn(`recording mail ${mail.id} failed: ${String(error)}`);
      return null;
    }
  }

  private async outcomeOf(mail: ClaimedMail): Promise<MailOutcome> {
    const now = this.clock.now();
    const kind = kindOf(mail.kind);
    if (kind === null) return { kind: 'skipped', why: 'a kind this version does not send' };
    if (mail.inactive) return { kind: 'skipped', why: 'the account is gone' };
    const settings = settingsOfColumns(mail);
    const built = await this.build(mail, kind, now, settings.language);
    if ('why' in built) return { kind: 'skipped', why: built.why };
    if ('event' in kind) {
      if (!kindsOf(settings, 'mail').includes(kind.event))
        return { kind: 'skipped', why: 'no longer wanted' };
      const until = heldUntil(now, settings, kind.event, mail.deadline);
      if (until !== null) return { kind: 'held', until };
    }
    try {
      await this.transport!.sendMail({
        to: built.to,
        subject: built.subject,
        text: built.text,
        html: built.html,
        messageId: `<mail-${mail.id}@${fromDomain(this.settings!.from)}>`,
        headers: built.headers,
      });
      return { kind: 'sent', at: now };
    } catch (error) {
      const smtp = smtpOutcomeOf(error);
      const verdict = mailVerdict(smtp, mail.attempt_count, now);
      const text = describe(error);
      switch (verdict.kind) {
        case 'sent':
          return { kind: 'sent', at: now };
        case 'bounced':
          return { kind: 'bounced', error: text, address: built.to, at: now };
        case 'retry':
          return { kind: 'retry', error: text, at: verdict.at };
        case 'failed':
          return { kind: 'failed', error: text };
        default: {
          const never: never = verdict;
          return never;
        }
      }
    }
  }

  /** The mail's recipient and words, or why it is not sent. */
  private async build(
    mail: ClaimedMail,
    kind: MailKindOf,
    now: Date,
    language: ReturnType<typeof settingsOfColumns>['language'],
  ): Promise<
    | { readonly why: string }
    | {
        readonly to: string;
        readonly subject: string;
        readonly text: string;
        readonly html: string;
        readonly headers: Record<string, string>;
      }
  > {
    const mailable = mail.address !== null && mail.verified && !mail.bounced;
    let content: MailContent;
    let to: string;
    let unsubscribeUrl: string | null = null;
    if ('service' in kind) {
      switch (kind.service) {
        case 'VERIFY':
          if (mail.to_address === null || mail.address !== mail.to_address)
            return { why: 'the address changed' };
          to = mail.to_address;
          content = {
            kind: 'VERIFY',
            verifyUrl: await this.links.verifyUrl(mail.player_id, mail.to_address, now),
          };
          break;
        case 'ADDRESS_CHANGED':
          if (mail.to_address === null) return { why: 'no address' };
          to = mail.to_address;
          content = { kind: 'ADDRESS_CHANGED', newAddress: mail.address ?? '' };
          break;
        case 'RESET':
          if (!mailable) return { why: 'no address to mail' };
          to = mail.address!;
          content = {
            kind: 'RESET',
            resetUrl: await this.links.resetUrl(mail.player_id, mail.password_mark, now),
          };
          break;
        case 'DIGEST': {
          if (!mailable) return { why: 'no address to mail' };
          const games = await this.repository.awaiting(mail.player_id);
          if (games.length === 0) return { why: 'no game awaits a move' };
          to = mail.address!;
          content = {
            kind: 'DIGEST',
            games: games.map((game) => ({
              url: this.links.gameUrl(game.id),
              opponents: game.opponents,
              deadline: game.deadline,
            })),
          };
          unsubscribeUrl = await this.links.unsubscribeUrl(mail.player_id, 'DIGEST');
          break;
        }
        default: {
          const never: never = kind.service;
          return never;
        }
      }
    } else {
      if (!mailable) return { why: 'no address to mail' };
      const event = kind.event;
      if (
        (event === 'YOUR_TURN' || event === 'REMINDER') &&
        (mail.game_status !== 'ACTIVE' || mail.current_player_id !== mail.player_id)
      )
        return { why: 'stale: the turn was played' };
      if (event === 'YOUR_TURN' && mail.recently_mailed)
        return { why: 'mailed for this game within 12 hours' };
      if (mail.game_id === null) return { why: 'no game' };
      to = mail.address!;
      content = {
        kind: event,
        game: {
          url: this.links.gameUrl(mail.game_id),
          opponents: mail.opponents ?? [],
          deadline: mail.game_status === 'ACTIVE' ? mail.deadline : null,
        },
      };
      unsubscribeUrl = await this.links.unsubscribeUrl(mail.player_id, event);
    }
    const composed = composeMail(content, language, now, unsubscribeUrl);
    const headers: Record<string, string> =
      unsubscribeUrl === null
        ? {}
        : {
            'List-Unsubscribe': `<${unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          };
    return { to, ...composed, headers };
  }

  private async housekeeping(now: Date): Promise<void> {
    if (now.getTime() - this.housekeptAt < HOUSEKEEPING_EVERY_MS) return;
    this.housekeptAt = now.getTime();
    await this.repository.housekeep(now, MAX_MAIL_ATTEMPTS, new Date(now.getTime() - KEEP_FINISHED_MS));
  }
}

function kindOf(stored: string): MailKindOf | null {
  const service = SERVICE_MAIL_KINDS.find((kind) => kind === stored);
  if (service !== undefined) return { service };
  const event = TELLABLE_KINDS.find((kind) => kind === stored);
  return event === undefined ? null : { event };
}

/** The domain of the From address: Message-IDs are made on it. */
function fromDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim();
}

/** nodemailer's error as far as the policy reads it. */
function smtpOutcomeOf(error: unknown): SmtpOutcome {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as {
    responseCode?: unknown;
    command?: unknown;
    code?: unknown;
  };
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  return {
    responseCode: typeof fields.responseCode === 'number' ? fields.responseCode : null,
    command: text(fields.command),
    code: text(fields.code),
  };
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}
