import { Module } from '@nestjs/common';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { parseNetworks } from './webhook-address';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WEBHOOK_NETWORK, type WebhookNetwork, systemResolver } from './webhook-destination';
import { WebhookWorker } from './webhook-worker';
import { WebhooksRepository } from './webhooks.repository';
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
    WebhooksRepository,
    WebhookDeliveriesRepository,
    WebhookWorker,
    WebhooksService,
    WebhooksResolver,
  ],
  // The worker for the test controls' delivery pass on demand (src/testing/test-controls.module.ts); the
  // deliveries' repository for the retention pass, which removes finished ones through it.
  exports: [WebhookWorker, WebhookDeliveriesRepository],
})
export class WebhooksModule {}
