/**
 * Test-only: `POST /test/log-marker` with `{ "marker": "…" }` writes one log line naming the marker, through the
 * app's own logger, after everything the copy logged before it. A test that checks what the server did not log
 * waits for its marker instead of waiting a while. Part of the test controls (test-controls.module.ts); answers
 * 404, as an unknown route would, unless CLOCK=manual (which production refuses).
 */
import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  Logger,
  NotFoundException,
  Post,
} from '@nestjs/common';
import { Clock, ManualClock } from '../clock/clock';

const MARKER = /^[A-Za-z0-9-]{1,64}$/;

@Controller('test')
export class LogMarkerController {
  private readonly logger = new Logger('TestMarker');

  constructor(private readonly clock: Clock) {}

  @Post('log-marker')
  @HttpCode(204)
  mark(@Body() body: { marker?: unknown }): void {
    if (!(this.clock instanceof ManualClock)) throw new NotFoundException('Cannot POST /test/log-marker');
    const marker = body?.marker;
    if (typeof marker !== 'string' || !MARKER.test(marker))
      throw new BadRequestException('marker: 1–64 characters of A–Z a–z 0–9 -');
    // At warn level: test servers log only warnings and errors unless LOG_LEVEL says more (src/config/config.ts).
    this.logger.warn(`marker ${marker}`);
  }
}
