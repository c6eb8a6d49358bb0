import { Module } from '@nestjs/common';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { parseNetworks } from './webhook-address';
import { WEBHOOK_NETWORK, type WebhookNetwork, systemResolver } from './webhook-destination';
import { WebhookWorker } from './webhook-worker';
import { WebhookTestController } from './webhooks.controller';
import { WebhooksResolver } from './webhooks.resolver';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks (docs/correspondence.md#webhooks): registration and the delivery log over GraphQL, and the worker that sends deliveries.
 * The test controller is always registered but answers only with CLOCK=manual: this module is imported as is, with
 * no configuration of its own.
 */
@Module({
  controllers: [WebhookTestController],
  providers: [
    {
      // What webhooks may reach: public addresses, and the networks the operator allows.
      provide: WEBHOOK_NETWORK,
      inject: [RUNTIME_CONFIG],
      useFactory: (config: RuntimeConfig): WebhookNetwork => ({
        allowed: parseNetworks(config.webhookAllowedNetworks),
        resolve: systemResolver,
      }),
    },
    WebhookWorker,
    WebhooksService,
    WebhooksResolver,
  ],
})
export class WebhooksModule {}
