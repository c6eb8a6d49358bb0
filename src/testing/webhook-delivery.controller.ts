/**
 * Test-only: `POST /test/webhooks/deliver` runs one delivery pass on this app copy and answers what it did, so an
 * API test that moved the manual clock (POST /test/clock) sees the retries that came due without waiting for the
 * worker's interval. Part of the test controls (test-controls.module.ts); answers 404, as an unknown route would,
 * unless CLOCK=manual (which production refuses).
 */
import { Controller, HttpCode, NotFoundException, Post } from '@nestjs/common';
import { Clock, ManualClock } from '../clock/clock';
import { DeliveryReport, WebhookWorker } from '../webhooks/webhook-worker';

@Controller('test/webhooks')
export class WebhookTestController {
  constructor(
    private readonly clock: Clock,
    private readonly worker: WebhookWorker,
  ) {}

  @Post('deliver')
  @HttpCode(200)
  async deliver(): Promise<{ now: string } & DeliveryReport> {
    if (!(this.clock instanceof ManualClock))
      throw new NotFoundException('Cannot POST /test/webhooks/deliver');
    const report = await this.worker.deliverDue();
    return { now: this.clock.now().toISOString(), ...report };
  }
}
