/**
 * Downloads over plain HTTP (docs/api/exports-and-verification.md#http-downloads), for tools that do not
 * speak GraphQL (curl, jq, a notebook):
 *
 * - `GET /api/games/:id/export?format=json|ndjson`: one game;
 * - `GET /api/players/:username/games.ndjson?status=…&preset=…&opponent=…&result=…&rated=…&finishedAfter=…&finishedBefore=…`:
 *   a player's games, one JSON export per line, streamed;
 * - `GET /api/me/export`: one's own data (src/accounts/account-export.ts), streamed; needs a session token.
 *
 * Anyone may download a game, as a spectator; an `Authorization: Bearer` token is optional and, when sent, checked
 * like on /graphql (a bad one is 401). Refusals are `{ "error": { "code", "message" } }` with a matching status.
 */
import { Controller, Get, Logger, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { AccountExport } from '../accounts/account-export';
import { requireReadable } from '../auth/auth.service';
import { ApiError } from '../errors/api-error';
import { Clock } from '../clock/clock';
import { requireSession } from '../auth/auth.service';
import { AccessGate } from '../auth/access-gate';
import type { Viewer } from '../auth/viewer';
import { checkUsername, parseExportQuery, parsePlayerGamesQuery } from './export-query';
import { ExportService } from './export.service';
import { ndjsonLines, toJson } from './game-export';
import { answerHttpError } from '../http/http-error';

const JSON_TYPE = 'application/json; charset=utf-8';
const NDJSON_TYPE = 'application/x-ndjson; charset=utf-8';

const internal = new Logger('Export');

@Controller('api')
export class ExportController {
  constructor(
    private readonly service: ExportService,
    private readonly gate: AccessGate,
    private readonly account: AccountExport,
    private readonly clock: Clock,
  ) {}

  /** The same gate as /graphql, with the same counters (and rate-limit headers): a download is one operation. */
  private async admit(request: FastifyRequest, reply: FastifyReply): Promise<Viewer> {
    const address = this.gate.addressOf(request.raw);
    const viewer = await this.gate.authenticate(request.headers.authorization, address);
    const counted = this.gate.admit(viewer, address, { variables: queryOf(request) });
    void reply.headers(this.gate.headersOf(counted));
    return viewer;
  }

  @Get('games/:id/export')
  async game(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.answer(reply, async () => {
      requireReadable(await this.admit(request, reply));
      const format = parseExportQuery(queryOf(request));
      const doc = await this.service.exportGame(id);
      switch (format) {
        case 'json':
          return reply.type(JSON_TYPE).send(toJson(doc));
        case 'ndjson':
          return reply.type(NDJSON_TYPE).send(Readable.from(ndjsonLines(doc)));
      }
    });
  }

  @Get('players/:username/games.ndjson')
  async playerGames(
    @Param('username') username: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.answer(reply, async () => {
      requireReadable(await this.admit(request, reply));
      const filter = parsePlayerGamesQuery(queryOf(request));
      const lines = await this.service.playerGames(checkUsername(username), filter);
      // Readable.from pulls a line only when the socket takes more: a slow client slows the paging down, and a
      // client that hangs up stops it. A failure after the first byte cuts the response short (no final chunk).
      const stream = Readable.from(lines);
      stream.on('error', (error) => internal.error(error, 'internal error while streaming games'));
      return reply.type(NDJSON_TYPE).send(stream);
    });
  }

  @Get('me/export')
  async myData(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.answer(reply, async () => {
      const viewer = await this.admit(request, reply);
      // Personal data, token and session lists included: a session token, as for `sessions` and `apiTokens`.
      const player = requireSession({ viewer }, 'your data is downloaded');
      const lines = await this.account.lines(player.id, viewer.tokenId, this.clock.now());
      if (lines === null) throw new ApiError('UNAUTHENTICATED', 'the account no longer exists');
      const stream = Readable.from(lines);
      stream.on('error', (error) =>
        internal.error(error, 'internal error while streaming an account export'),
      );
      return reply
        .type(NDJSON_TYPE)
        .header('Content-Disposition', `attachment; filename="${player.username}.ndjson"`)
        .send(stream);
    });
  }

  private async answer(reply: FastifyReply, work: () => Promise<unknown>): Promise<void> {
    try {
      // The gate (`admit`) refuses at once while the database is down.
      await work();
    } catch (thrown) {
      answerHttpError(reply, thrown);
    }
  }
}

function queryOf(request: FastifyRequest): Readonly<Record<string, unknown>> {
  const query = request.query;
  return typeof query === 'object' && query !== null ? (query as Record<string, unknown>) : {};
}
