import { Controller, Get, Headers, HttpException, HttpStatus, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { AppMetrics } from './app-metrics';

/**
 * `GET /metrics` (docs/operations.md#metrics), mounted only when `METRICS_TOKEN` is set
 * (docs/operations.md#configuration), and answered only to `Authorization: Bearer <that token>`: the numbers say
 * how busy the service is and how far behind its workers are, which is nothing to show the world.
 */
@Controller('metrics')
export class MetricsController {
  private readonly expected: Buffer;

  constructor(
    private readonly metrics: AppMetrics,
    @Inject(RUNTIME_CONFIG) config: RuntimeConfig,
  ) {
    this.expected = Buffer.from(`Bearer ${config.metricsToken ?? ''}`);
  }

  @Get()
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const given = Buffer.from(authorization ?? '');
    // Compared in constant time, so the answer's timing does not tell how much of a guess was right.
    if (given.length !== this.expected.length || !timingSafeEqual(given, this.expected)) {
      throw new HttpException(
        {
          error: {
            code: 'UNAUTHENTICATED',
            message: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>',
          },
        },
        HttpStatus.UNAUTHORIZED,
      );
    }
    const { contentType, body } = await this.metrics.text();
    await reply.header('Content-Type', contentType).header('Cache-Control', 'no-store').send(body);
  }
}
