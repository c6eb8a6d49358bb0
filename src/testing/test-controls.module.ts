/**
 * Controls that only tests may use (docs/testing.md): moving the manual clock, running a webhook delivery pass
 * on demand, and writing a marker into the log. Only a test build mounts them — the db tests' in-process app and the testing entry point
 * (src/testing/main.ts, `npm run start:testing`) — never `npm start`'s server (src/main.ts), whatever its settings;
 * and they answer only while the clock is manual (CLOCK=manual, which production refuses).
 */
import { Module } from '@nestjs/common';
import { CorrespondenceModule } from '../correspondence/correspondence.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ClockController } from './clock.controller';
import { LogMarkerController } from './log-marker.controller';
import { WebhookTestController } from './webhook-delivery.controller';

@Module({
  imports: [CorrespondenceModule, WebhooksModule],
  controllers: [ClockController, LogMarkerController, WebhookTestController],
})
export class TestControlsModule {}
