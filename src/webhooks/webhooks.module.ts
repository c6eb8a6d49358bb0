import { Module } from '@nestjs/common';
import { WebhookWorker } from './webhook-worker';
import { WebhookTestController } from './webhooks.controller';
import { WebhooksResolver } from './webhooks.resolver';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks (issue 5 §3): registration and the delivery log over GraphQL, and the worker that sends deliveries.
 * The test controller is always registered but answers only with CLOCK=manual: this module is imported as is, with
 * no configuration of its own.
 */
@Module({
  controllers: [WebhookTestController],
  providers: [WebhookWorker, WebhooksService, WebhooksResolver],
})
export class WebhooksModule {}
