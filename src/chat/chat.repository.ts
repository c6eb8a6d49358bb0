/**
 * The chat's tables (docs/social.md#chat): `chat_messages`, `chat_mutes`, `chat_restrictions`, `chat_reports` and
 * `game_notes` — the only code that writes them. A message written or hidden is announced once it commits, when
 * some app copy watches the game (the statement asks `game_watched`, as a move's does: src/events/announcements.ts);
 * a moderator's action is written in one transaction with its row of the audit log.
 */
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { transaction } from '../db/transaction';
import { type Announcement, announcement } from '../events/announcements';
import { Announcer } from '../events/announcer';
import { AuditLogRepository, type AuditEntry } from '../moderation/audit-log.repository';
import { PrismaService } from '../prisma/prisma.service';
import {
  CHAT_ROOMS,
  MESSAGES_PER_GAME_PER_DAY,
  MESSAGES_PER_WINDOW,
  MESSAGE_WINDOW_SECONDS,
  QUICK_PHRASES,
  REPORTS_PER_DAY,
  REPORT_CATEGORIES,
  REPORT_CONTEXT_MESSAGES,
  REPORT_RESOLUTIONS,
  type ChatContent,
  type ChatRoom,
  type QuickPhrase,
  type ReportCategory,
  type ReportResolution,
} from './domain/chat-policy';

/** A stored message, as the service hands it on (a hidden one keeps its content here: the reports need it). */
export interface ChatMessageRecord {
  readonly id: string;
  readonly gameId: string;
  readonly room: ChatRoom;
  readonly authorId: string;
  readonly authorName: string;
  readonly text: string | null;
  readonly phrase: QuickPhrase | null;
  readonly createdAt: Date;
  readonly hiddenAt: Date | null;
}

/** What the rate limits said of a message that was not written. */
export interface ChatLimited {
  readonly limited: true;
  /** Seconds until the author may write again. */
  readonly retryAfter: number;
}

/** A report, as the moderators' queue lists it. */
export interface ChatReportRecord {
  readonly id: string;
  readonly reporterName: string | null;
  readonly reportedId: string;
  readonly reportedName: string;
  readonly messageId: string | null;
  readonly gameId: string | null;
  readonly category: ReportCategory;
  readonly details: string | null;
  /** The reported message and those before it in its room, oldest first, as they were when it was reported. */
  readonly context: readonly ReportContextLine[];
  readonly createdAt: Date;
  readonly resolvedAt: Date | null;
  readonly resolution: ReportResolution | null;
}

/** One message as a report keeps it. */
export interface ReportContextLine {
  readonly id: string;
  readonly author: string;
  readonly text: string | null;
  readonly phrase: string | null;
  readonly at: string;
}

/** A report to file. */
export interface NewReport {
  readonly reporterId: string;
  readonly reportedId: string;
  readonly messageId: string | null;
  readonly gameId: string | null;
  readonly category: ReportCategory;
  readonly details: string | null;
  readonly at: Date;
}

/** Why a report was not filed. */
export type ReportNotFiled = 'alreadyReported' | 'tooManyReports';

interface MessageRow {
  id: string;
  game_id: string;
  room: string;
  author_id: string;
  author_name: string;
  text: string | null;
  phrase: string | null;
  created_at: Date;
  hidden_at: Date | null;
}

/** A chat message written or hidden, announced to the copies watching its game (ChatAnnounced). */
function chatAnnouncement(gameId: string, messageId: string): Announcement {
  return announcement('chat', JSON.stringify({ gameId, messageId }));
}

const MESSAGE_COLUMNS = `m.id::text, m.game_id, m.room, m.author_id, p.username AS author_name, m.text, m.phrase,
  m.created_at, m.hidden_at`;

@Injectable()
export class ChatRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditLogRepository,
    private readonly announcer: Announcer,
  ) {}

  /**
   * Writes a message unless its author is over a rate limit (counted under a lock per author, so two messages at
   * once cannot both slip under it), and announces it to the copies that watch the game.
   */
  async write(
    gameId: string,
    room: ChatRoom,
    authorId: string,
    content: ChatContent,
    at: Date,
  ): Promise<ChatMessageRecord | ChatLimited> {
    const written = await transaction<ChatLimited | { message: ChatMessageRecord; watched: boolean }>(
      this.prisma.pool,
      async (client) => {
        await client.query("SELECT pg_advisory_xact_lock(hashtext('chat:' || $1))", [authorId]);
        const { rows: counts } = await client.query<{ recent: number; today: number; oldest: Date | null }>(
          `SELECT count(*) FILTER (WHERE created_at > $3::timestamptz - make_interval(secs => $4))::int AS recent,
                count(*) FILTER (WHERE game_id = $2::uuid)::int AS today,
                min(created_at) FILTER (WHERE created_at > $3::timestamptz - make_interval(secs => $4)) AS oldest
           FROM chat_messages
          WHERE author_id = $1::uuid AND created_at > $3::timestamptz - interval '1 day'`,
          [authorId, gameId, at, MESSAGE_WINDOW_SECONDS],
        );
        const { recent, today, oldest } = counts[0]!;
        if (today >= MESSAGES_PER_GAME_PER_DAY) return { limited: true, retryAfter: 3600 };
        if (recent >= MESSAGES_PER_WINDOW) {
          const freeAt = (oldest?.getTime() ?? at.getTime()) + MESSAGE_WINDOW_SECONDS * 1000;
          return { limited: true, retryAfter: Math.max(1, Math.ceil((freeAt - at.getTime()) / 1000)) };
        }
        const { rows } = await client.query<MessageRow & { watched: boolean }>(
          `WITH m AS (
           INSERT INTO chat_messages (game_id, room, author_id, text, phrase, created_at)
           VALUES ($1::uuid, $2, $3::uuid, $4, $5, $6)
           RETURNING *)
         SELECT ${MESSAGE_COLUMNS}, game_watched(m.game_id) AS watched
           FROM m JOIN players p ON p.id = m.author_id`,
          [
            gameId,
            room,
            authorId,
            content.kind === 'text' ? content.text : null,
            content.kind === 'phrase' ? content.phrase : null,
            at,
          ],
        );
        return { message: toMessage(rows[0]!), watched: rows[0]!.watched };
      },
    );
    if ('limited' in written) return written;
    if (written.watched) await this.announcer.publish([chatAnnouncement(gameId, written.message.id)]);
    return written.message;
  }

  async message(id: string): Promise<ChatMessageRecord | null> {
    if (!/^[0-9]{1,18}$/.test(id)) return null;
    const { rows } = await this.prisma.pool.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m JOIN players p ON p.id = m.author_id WHERE m.id = $1::bigint`,
      [id],
    );
    return rows[0] === undefined ? null : toMessage(rows[0]);
  }

  /**
   * Up to `first` messages of a room before the message `before` (newest when null), oldest first, leaving out
   * those whose author is in `leaveOut` (the reader's blocks).
   */
  async page(
    gameId: string,
    room: ChatRoom,
    first: number,
    before: string | null,
    leaveOut: readonly string[],
  ): Promise<ChatMessageRecord[]> {
    const { rows } = await this.prisma.pool.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS}
         FROM chat_messages m JOIN players p ON p.id = m.author_id
        WHERE m.game_id = $1::uuid AND m.room = $2 AND ($3::bigint IS NULL OR m.id < $3::bigint)
          AND m.hidden_at IS NULL AND NOT (m.author_id = ANY($5::uuid[]))
        ORDER BY m.id DESC LIMIT $4`,
      [gameId, room, before, first, leaveOut],
    );
    return rows.map(toMessage).reverse();
  }

  /** Whether the player muted the game's chat. */
  async muted(gameId: string, playerId: string): Promise<boolean> {
    const { rowCount } = await this.prisma.pool.query(
      'SELECT 1 FROM chat_mutes WHERE game_id = $1::uuid AND player_id = $2::uuid',
      [gameId, playerId],
    );
    return rowCount === 1;
  }

  async setMuted(gameId: string, playerId: string, muted: boolean, at: Date): Promise<void> {
    await this.prisma.pool.query(
      muted
        ? `INSERT INTO chat_mutes (game_id, player_id, created_at) VALUES ($1::uuid, $2::uuid, $3)
           ON CONFLICT DO NOTHING`
        : 'DELETE FROM chat_mutes WHERE game_id = $1::uuid AND player_id = $2::uuid',
      muted ? [gameId, playerId, at] : [gameId, playerId],
    );
  }

  /** When the player's restriction from chatting ends: null when there is none now; 'never' when it is for good. */
  async restrictedUntil(playerId: string, now: Date): Promise<Date | 'never' | null> {
    const { rows } = await this.prisma.pool.query<{ until: Date | null }>(
      `SELECT until FROM chat_restrictions WHERE player_id = $1::uuid AND (until IS NULL OR until > $2)`,
      [playerId, now],
    );
    if (rows[0] === undefined) return null;
    return rows[0].until ?? 'never';
  }

  async note(gameId: string, playerId: string): Promise<{ text: string; updatedAt: Date } | null> {
    const { rows } = await this.prisma.pool.query<{ text: string; updated_at: Date }>(
      'SELECT text, updated_at FROM game_notes WHERE game_id = $1::uuid AND player_id = $2::uuid',
      [gameId, playerId],
    );
    return rows[0] === undefined ? null : { text: rows[0].text, updatedAt: rows[0].updated_at };
  }

  /** Sets the note (an empty text removes it). */
  async setNote(gameId: string, playerId: string, text: string, at: Date): Promise<void> {
    if (text.length === 0) {
      await this.prisma.pool.query(
        'DELETE FROM game_notes WHERE game_id = $1::uuid AND player_id = $2::uuid',
        [gameId, playerId],
      );
      return;
    }
    await this.prisma.pool.query(
      `INSERT INTO game_notes (game_id, player_id, text, updated_at) VALUES ($1::uuid, $2::uuid, $3, $4)
       ON CONFLICT (game_id, player_id) DO UPDATE SET text = EXCLUDED.text, updated_at = EXCLUDED.updated_at`,
      [gameId, playerId, text, at],
    );
  }

  /**
   * Files a report with its context: the reported message and the messages before it in its room, as they are now
   * (a message hidden or removed later stays in the report). At most REPORTS_PER_DAY a reporter, once per message.
   */
  async report(report: NewReport): Promise<{ id: string } | ReportNotFiled> {
    return transaction(this.prisma.pool, async (client) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('report:' || $1))", [report.reporterId]);
      const { rows: counts } = await client.query<{ today: number; again: boolean }>(
        `SELECT count(*)::int AS today,
                coalesce(bool_or(message_id = $3::bigint), false) AS again
           FROM chat_reports WHERE reporter_id = $1::uuid AND created_at > $2::timestamptz - interval '1 day'`,
        [report.reporterId, report.at, report.messageId],
      );
      if (counts[0]!.again) return 'alreadyReported';
      if (counts[0]!.today >= REPORTS_PER_DAY) return 'tooManyReports';
      const { rows } = await client.query<{ id: string }>(
        `WITH reported AS (SELECT game_id, room, id FROM chat_messages WHERE id = $3::bigint),
         context AS (
           SELECT coalesce(jsonb_agg(jsonb_build_object('id', c.id::text, 'author', p.username, 'text', c.text,
                    'phrase', c.phrase, 'at', to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                    ORDER BY c.id), '[]'::jsonb) AS lines
             FROM (SELECT c.* FROM chat_messages c JOIN reported r ON c.game_id = r.game_id AND c.room = r.room
                    WHERE c.id <= r.id ORDER BY c.id DESC LIMIT $8) c
             JOIN players p ON p.id = c.author_id)
         INSERT INTO chat_reports (reporter_id, reported_id, message_id, game_id, category, details, context, created_at)
         SELECT $1::uuid, $2::uuid, $3::bigint, $4::uuid, $5, $6, context.lines, $7 FROM context
         ON CONFLICT (reporter_id, message_id) DO NOTHING
         RETURNING id::text`,
        [
          report.reporterId,
          report.reportedId,
          report.messageId,
          report.gameId,
          report.category,
          report.details,
          report.at,
          REPORT_CONTEXT_MESSAGES + 1,
        ],
      );
      return rows[0] === undefined ? 'alreadyReported' : { id: rows[0].id };
    });
  }

  /** Up to `first` reports, open ones or resolved ones, oldest open first / newest resolved first. */
  async reports(open: boolean, first: number, after: string | null): Promise<ChatReportRecord[]> {
    const { rows } = await this.prisma.pool.query<{
      id: string;
      reporter_name: string | null;
      reported_id: string;
      reported_name: string;
      message_id: string | null;
      game_id: string | null;
      category: string;
      details: string | null;
      context: ReportContextLine[];
      created_at: Date;
      resolved_at: Date | null;
      resolution: string | null;
    }>(
      `SELECT r.id::text, reporter.username AS reporter_name, r.reported_id, reported.username AS reported_name,
              r.message_id::text, r.game_id, r.category, r.details, r.context, r.created_at, r.resolved_at,
              r.resolution
         FROM chat_reports r
         LEFT JOIN players reporter ON reporter.id = r.reporter_id
         JOIN players reported ON reported.id = r.reported_id
        WHERE (r.resolved_at IS NULL) = $1
          AND ($3::bigint IS NULL OR (CASE WHEN $1 THEN r.id > $3::bigint ELSE r.id < $3::bigint END))
        ORDER BY CASE WHEN $1 THEN r.id END ASC, CASE WHEN NOT $1 THEN r.id END DESC
        LIMIT $2`,
      [open, first, after],
    );
    return rows.map((row) => ({
      id: row.id,
      reporterName: row.reporter_name,
      reportedId: row.reported_id,
      reportedName: row.reported_name,
      messageId: row.message_id,
      gameId: row.game_id,
      category: known(REPORT_CATEGORIES, row.category),
      details: row.details,
      context: row.context,
      createdAt: row.created_at,
      resolvedAt: row.resolved_at,
      resolution: row.resolution === null ? null : known(REPORT_RESOLUTIONS, row.resolution),
    }));
  }

  async reportById(
    id: string,
  ): Promise<{ reportedId: string; messageId: string | null; gameId: string | null; open: boolean } | null> {
    if (!/^[0-9]{1,18}$/.test(id)) return null;
    const { rows } = await this.prisma.pool.query<{
      reported_id: string;
      message_id: string | null;
      game_id: string | null;
      open: boolean;
    }>(
      `SELECT reported_id, message_id::text, game_id, resolved_at IS NULL AS open FROM chat_reports WHERE id = $1::bigint`,
      [id],
    );
    const row = rows[0];
    return row === undefined
      ? null
      : { reportedId: row.reported_id, messageId: row.message_id, gameId: row.game_id, open: row.open };
  }

  /**
   * A moderator's action, in one transaction with its audit row: hide a message (announced, so open rooms drop
   * it), restrict a player (until a time, or for good with null), lift a restriction; and, when it answers a report,
   * the report resolved — together with every other open report of the same message or player the action settles.
   */
  async moderate(
    action:
      | { readonly kind: 'hide'; readonly messageId: string; readonly gameId: string }
      | { readonly kind: 'restrict'; readonly playerId: string; readonly until: Date | null }
      | { readonly kind: 'unrestrict'; readonly playerId: string }
      | { readonly kind: 'dismiss'; readonly reportId: string },
    audit: AuditEntry,
  ): Promise<void> {
    const hidden = await transaction(this.prisma.pool, async (client) => {
      let hidden: { gameId: string; messageId: string } | null = null;
      switch (action.kind) {
        case 'hide': {
          const { rows } = await client.query<{ game_id: string; watched: boolean }>(
            `WITH hidden AS (UPDATE chat_messages SET hidden_at = $2 WHERE id = $1::bigint AND hidden_at IS NULL
                              RETURNING id, game_id)
             SELECT game_id, game_watched(game_id) AS watched FROM hidden`,
            [action.messageId, audit.at],
          );
          if (rows[0]?.watched === true) hidden = { gameId: rows[0].game_id, messageId: action.messageId };
          await resolveReports(
            client,
            'message_id = $1::bigint',
            [action.messageId],
            'MESSAGE_HIDDEN',
            audit.at,
          );
          break;
        }
        case 'restrict':
          await client.query(
            `INSERT INTO chat_restrictions (player_id, until, created_at) VALUES ($1::uuid, $2, $3)
             ON CONFLICT (player_id) DO UPDATE SET until = EXCLUDED.until, created_at = EXCLUDED.created_at`,
            [action.playerId, action.until, audit.at],
          );
          await resolveReports(
            client,
            'reported_id = $1::uuid',
            [action.playerId],
            'PLAYER_RESTRICTED',
            audit.at,
          );
          break;
        case 'unrestrict':
          await client.query('DELETE FROM chat_restrictions WHERE player_id = $1::uuid', [action.playerId]);
          break;
        case 'dismiss':
          await resolveReports(client, 'id = $1::bigint', [action.reportId], 'DISMISSED', audit.at);
          break;
        default:
          unreachable(action);
      }
      await this.audit.write(client, audit);
      return hidden;
    });
    if (hidden !== null) await this.announcer.publish([chatAnnouncement(hidden.gameId, hidden.messageId)]);
  }

  /**
   * A deleted account's chat: its messages, notes, mutes and restriction are erased; reports about it go with it;
   * reports it filed stay for the moderators, without a reporter.
   */
  async eraseOf(playerId: string): Promise<void> {
    await transaction(this.prisma.pool, async (client) => {
      await client.query('DELETE FROM chat_messages WHERE author_id = $1::uuid', [playerId]);
      await client.query('DELETE FROM game_notes WHERE player_id = $1::uuid', [playerId]);
      await client.query('DELETE FROM chat_mutes WHERE player_id = $1::uuid', [playerId]);
      await client.query('DELETE FROM chat_restrictions WHERE player_id = $1::uuid', [playerId]);
      await client.query('DELETE FROM chat_reports WHERE reported_id = $1::uuid', [playerId]);
      await client.query('UPDATE chat_reports SET reporter_id = NULL WHERE reporter_id = $1::uuid', [
        playerId,
      ]);
    });
  }

  /**
   * What the account export holds of a player's chat: their notes, and the messages of the rooms they took part in
   * — the players' room of every game they sat in (both players' messages: it is their conversation) and their own
   * messages in spectators' rooms — oldest first; hidden messages are left out.
   */
  async exportOf(playerId: string): Promise<{
    readonly notes: readonly { gameId: string; text: string; updatedAt: Date }[];
    readonly messages: readonly ChatMessageRecord[];
  }> {
    const [notes, messages] = await Promise.all([
      this.prisma.pool.query<{ game_id: string; text: string; updated_at: Date }>(
        'SELECT game_id, text, updated_at FROM game_notes WHERE player_id = $1::uuid ORDER BY updated_at, game_id',
        [playerId],
      ),
      this.prisma.pool.query<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m JOIN players p ON p.id = m.author_id
          WHERE m.hidden_at IS NULL
            AND ((m.room = 'PLAYERS' AND EXISTS (SELECT 1 FROM game_players s
                                                  WHERE s.game_id = m.game_id AND s.player_id = $1::uuid))
                 OR m.author_id = $1::uuid)
          ORDER BY m.id`,
        [playerId],
      ),
    ]);
    return {
      notes: notes.rows.map((row) => ({ gameId: row.game_id, text: row.text, updatedAt: row.updated_at })),
      messages: messages.rows.map(toMessage),
    };
  }

  /**
   * Removes up to `batch` messages of games over before `cutoff`, after the id `after` (the retention pass,
   * docs/social.md#exports-and-retention); a message an open report names is kept until the report is resolved.
   */
  async removeOld(
    cutoff: Date,
    after: string,
    batch: number,
  ): Promise<{ last: string | null; removed: number; scanned: number }> {
    const { rows } = await this.prisma.pool.query<{ last: string | null; removed: number; scanned: number }>(
      `WITH scanned AS (
         SELECT m.id, g.finished_at FROM chat_messages m JOIN games g ON g.id = m.game_id
          WHERE m.id > $2::bigint ORDER BY m.id LIMIT $3),
       removed AS (
         DELETE FROM chat_messages m USING scanned s
          WHERE m.id = s.id AND s.finished_at IS NOT NULL AND s.finished_at < $1
            AND NOT EXISTS (SELECT 1 FROM chat_reports r WHERE r.message_id = m.id AND r.resolved_at IS NULL)
          RETURNING m.id)
       SELECT (SELECT max(id)::text FROM scanned) AS last, (SELECT count(*)::int FROM removed) AS removed,
              (SELECT count(*)::int FROM scanned) AS scanned`,
      [cutoff, after, batch],
    );
    return rows[0]!;
  }
}

async function resolveReports(
  client: Pick<PoolClient, 'query'>,
  where: string,
  params: readonly unknown[],
  resolution: ReportResolution,
  at: Date,
): Promise<void> {
  await client.query(
    `UPDATE chat_reports SET resolved_at = $${params.length + 1}, resolution = $${params.length + 2}
      WHERE ${where} AND resolved_at IS NULL`,
    [...params, at, resolution],
  );
}

function toMessage(row: MessageRow): ChatMessageRecord {
  return {
    id: row.id,
    gameId: row.game_id,
    room: known(CHAT_ROOMS, row.room),
    authorId: row.author_id,
    authorName: row.author_name,
    text: row.text,
    phrase: row.phrase === null ? null : known(QUICK_PHRASES, row.phrase),
    createdAt: row.created_at,
    hiddenAt: row.hidden_at,
  };
}

/** A stored name, checked against its list (a row from a newer version would be a bug to hear of). */
function known<const V extends string>(list: readonly V[], value: string): V {
  if (!(list as readonly string[]).includes(value)) throw new Error(`unknown chat value ${value}`);
  return value as V;
}

function unreachable(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}
