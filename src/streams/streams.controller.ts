/**
 * The NDJSON streams over plain HTTP (docs/api/subscriptions-and-streams.md#streams), for bots in any
 * language: `GET /api/stream/events` (the caller's `myEvents`), `GET /api/stream/game/:id` (`gameUpdated`)
 * and `GET /api/stream/game/:id/chat` (`chatMessages`). Served by Nest and Fastify like every route, so CORS,
 * the logs and the gate see each request; the work is StreamsService's. A refusal before the stream begins is
 * an HTTP error as the downloads answer it (`{ "error": { "code", "message" } }`).
 */
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerHttpError } from '../http/http-error';
import { StreamKind, StreamsService } from './streams.service';

@Controller('api/stream')
export class StreamsController {
  constructor(private readonly streams: StreamsService) {}

  @Get('events')
  async events(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.start('events', request, reply);
  }

  @Get('game/:id')
  async game(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.start('game', request, reply, id);
  }

  @Get('game/:id/chat')
  async chat(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.start('chat', request, reply, id);
  }

  private async start(
    kind: StreamKind,
    request: FastifyRequest,
    reply: FastifyReply,
    id?: string,
  ): Promise<void> {
    try {
      await this.streams.start(kind, request, reply, id);
    } catch (error) {
      answerHttpError(reply, error);
    }
  }
}
