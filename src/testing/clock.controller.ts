/**
 * Test-only time travel (docs/correspondence.md#the-testing-clock): time is injected, so tests drive it without
 * sleeping. Part of the test controls (test-controls.module.ts), which only the testing entry point and the db
 * tests mount, and which answer only with CLOCK=manual (refused in production). `POST /test/clock` with
 * `{ "advanceMs": n }` or `{ "to": "<ISO time>" }` moves this copy's clock forward and runs one deadline sweep
 * before answering, so a test sees the timeouts and reminders the new time causes.
 */
import { BadRequestException, Body, Controller, HttpCode, NotFoundException, Post } from '@nestjs/common';
import { Clock, ManualClock } from '../clock/clock';
import { DeadlineSweeper, SweepReport } from '../correspondence/sweeper';

interface ClockRequest {
  readonly advanceMs?: unknown;
  readonly to?: unknown;
}

@Controller('test')
export class ClockController {
  constructor(
    private readonly clock: Clock,
    private readonly sweeper: DeadlineSweeper,
  ) {}

  @Post('clock')
  @HttpCode(200)
  async advance(@Body() body: ClockRequest | undefined): Promise<{ now: string } & SweepReport> {
    if (!(this.clock instanceof ManualClock)) throw new NotFoundException('Cannot POST /test/clock');
    let at: Date;
    if (typeof body?.advanceMs === 'number' && body.advanceMs >= 0) at = this.clock.advance(body.advanceMs);
    else if (typeof body?.to === 'string' && !Number.isNaN(Date.parse(body.to))) {
      at = this.clock.advanceTo(new Date(body.to));
    } else if (body?.advanceMs !== undefined || body?.to !== undefined) {
      throw new BadRequestException('advanceMs: a number ≥ 0, or to: an ISO time');
    } else at = this.clock.now();
    // The sweep runs at the time just set: real time goes on moving the manual clock while the request runs.
    const report = await this.sweeper.sweep(at);
    return { now: at.toISOString(), ...report };
  }
}
