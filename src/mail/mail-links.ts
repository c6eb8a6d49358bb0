/**
 * The links mails carry, on PUBLIC_URL: a game, a verification, a one-click unsubscribe — the last two signed
 * (src/mail/link-signing.ts) with a secret made once and kept in the database, so every copy signs alike.
 */
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { type LinkClaims, readLink, signLink } from './link-signing';
import { RESET_LINK_MS, VERIFY_LINK_MS } from './mail-policy';
import { MailRepository } from './mail.repository';

const SECRET_NAME = 'mail-links';

@Injectable()
export class MailLinks {
  private secret: Promise<string> | null = null;

  constructor(
    private readonly repository: MailRepository,
    private readonly clock: Clock,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
  ) {}

  gameUrl(gameId: string): string {
    return `${this.config.publicUrl}/games/${gameId}`;
  }

  async verifyUrl(playerId: string, address: string, now: Date): Promise<string> {
    const token = signLink(await this.key(), {
      use: 'verify',
      player: playerId,
      address,
      expires: now.getTime() + VERIFY_LINK_MS,
    });
    return `${this.config.publicUrl}/mail/verify?t=${token}`;
  }

  /** The web client's page that takes a new password (web/src: /reset-password). */
  async resetUrl(playerId: string, mark: string, now: Date): Promise<string> {
    const token = signLink(await this.key(), {
      use: 'reset',
      player: playerId,
      mark,
      expires: now.getTime() + RESET_LINK_MS,
    });
    return `${this.config.publicUrl}/reset-password?t=${token}`;
  }

  async unsubscribeUrl(playerId: string, kind: string): Promise<string> {
    const token = signLink(await this.key(), { use: 'unsubscribe', player: playerId, kind });
    return `${this.config.publicUrl}/mail/unsubscribe?t=${token}`;
  }

  /** The claims of a link this server signed, or null. */
  async read(token: string): Promise<LinkClaims | null> {
    return readLink(await this.key(), token);
  }

  private key(): Promise<string> {
    this.secret ??= this.repository.secret(SECRET_NAME, this.clock.now()).catch((error: unknown) => {
      this.secret = null;
      throw error;
    });
    return this.secret;
  }
}
