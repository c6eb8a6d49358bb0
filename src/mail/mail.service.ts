/**
 * A player's e-mail address (docs/correspondence.md#e-mail): setting it (a verification mail goes to it, and a
 * notice to the verified one it replaces), removing it, following a verification link, and one-click unsubscribe.
 * Sending is the worker's (src/mail/mail-worker.ts).
 */
import { Injectable } from '@nestjs/common';
import { withStatus } from '../auth/access-gate';
import { Clock } from '../clock/clock';
import { ApiError } from '../errors/api-error';
import { TELLABLE_KINDS, changedSettings, kindsOf } from '../notifications/notification-settings';
import { NotificationSettingsRepository } from '../notifications/notification-settings.repository';
import { MailLinks } from './mail-links';
import { RESET_CAP, VERIFY_CAPS, checkAddress } from './mail-policy';
import { MailRepository, type StoredAddress } from './mail.repository';
import { MailWorker } from './mail-worker';

const DAY_MS = 86_400_000;

/** What following a link did. */
export type LinkResult = 'verified' | 'unsubscribed' | 'invalid' | 'expired';

@Injectable()
export class MailService {
  constructor(
    private readonly repository: MailRepository,
    private readonly settings: NotificationSettingsRepository,
    private readonly links: MailLinks,
    private readonly worker: MailWorker,
    private readonly clock: Clock,
  ) {}

  /** Whether this server sends mail. */
  get enabled(): boolean {
    return this.worker.enabled;
  }

  addressOf(playerId: string): Promise<StoredAddress | null> {
    return this.repository.addressOf(playerId);
  }

  /**
   * A new address (or the same one again, to resend its verification): unverified until the link mailed to it is
   * followed. At most a few verification mails a day, per address and per player.
   */
  async setAddress(playerId: string, text: string): Promise<StoredAddress> {
    if (!this.enabled) throw new ApiError('FORBIDDEN', 'this server sends no mail (no SMTP server is set)');
    const address = checkAddress(text);
    const now = this.clock.now();
    const sent = await this.repository.verificationsSince(
      playerId,
      address,
      new Date(now.getTime() - DAY_MS),
    );
    if (sent.toAddress >= VERIFY_CAPS.perAddress || sent.byPlayer >= VERIFY_CAPS.perPlayer) {
      throw withStatus(
        new ApiError('RATE_LIMITED', 'too many verification mails today: try again tomorrow', {
          retryAfter: 86_400,
        }),
        429,
        { 'Retry-After': '86400' },
      );
    }
    const previous = await this.repository.addressOf(playerId);
    const same = previous !== null && previous.address === address;
    // Verified and mailable: nothing to do. Bounced: set again, it starts over (verified anew, the bounce cleared).
    if (same && previous.verifiedAt !== null && previous.bouncedAt === null) return previous;
    if (same && previous.bouncedAt === null) await this.repository.queueVerification(playerId, address, now);
    else await this.repository.changeAddress(playerId, address, previous, now);
    this.worker.wakeSoon();
    return (await this.repository.addressOf(playerId))!;
  }

  async removeAddress(playerId: string): Promise<boolean> {
    if (!(await this.repository.removeAddress(playerId)))
      throw new ApiError('NOT_FOUND', 'you have no e-mail address');
    return true;
  }

  /** Follows a link from a mail: a verification, or (with `confirm`, a POST) an unsubscribe. */
  async follow(token: string, confirm: boolean): Promise<LinkResult> {
    const claims = await this.links.read(token);
    if (claims === null) return 'invalid';
    const now = this.clock.now();
    switch (claims.use) {
      case 'verify':
        if (claims.expires < now.getTime()) return 'expired';
        return (await this.repository.verify(claims.player, claims.address, now)) ? 'verified' : 'invalid';
      case 'unsubscribe': {
        if (!confirm) return 'invalid';
        const settings = await this.settings.settingsOf(claims.player);
        const change =
          claims.kind === 'DIGEST'
            ? changedSettings(settings, { digestMinute: null })
            : changedSettings(settings, {
                kinds: { mail: kindsOf(settings, 'mail').filter((kind) => kind !== claims.kind) },
              });
        if (!change.ok || (claims.kind !== 'DIGEST' && !TELLABLE_KINDS.some((kind) => kind === claims.kind)))
          return 'invalid';
        await this.settings.save(claims.player, change.settings, now);
        return 'unsubscribed';
      }
      case 'reset':
        // A page of the web client takes the new password (resetPassword): the link is not followed here.
        return 'invalid';
      default: {
        const never: never = claims;
        return never;
      }
    }
  }

  /**
   * A password reset mail for the player, to their verified address (nothing when they have none, or asked too
   * often today: the answer to the asker is the same either way).
   */
  async requestReset(playerId: string): Promise<void> {
    if (!this.enabled) return;
    if (await this.repository.queueReset(playerId, RESET_CAP, this.clock.now())) this.worker.wakeSoon();
  }

  /** The player a reset link is for, if it is one this server made, unexpired, for the password `mark`. */
  async resetClaims(
    token: string,
  ): Promise<{ readonly player: string; readonly mark: string } | 'invalid' | 'expired'> {
    const claims = await this.links.read(token);
    if (claims === null || claims.use !== 'reset') return 'invalid';
    if (claims.expires < this.clock.now().getTime()) return 'expired';
    return { player: claims.player, mark: claims.mark };
  }
}
