import { Module } from '@nestjs/common';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { parseNetworks } from './webhook-address';
import { WEBHOOK_NETWORK, type WebhookNetwork, systemResolver } from './webhook-destination';
import { WebhookWorker } from './webhook-worker';
import { WebhooksResolver } from './webhooks.resolver';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks (docs/correspondence.md#webhooks): registration and the delivery log over GraphQL, and the worker that sends deliveries.
 */
@Module({
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
  // For the test controls' delivery pass on demand (src/testing/test-controls.module.ts).
  exports: [WebhookWorker],
})
export class WebhooksModule {}
