import { Global, Module } from '@nestjs/common';
import { MovesCounter } from '../games/persistence/games.repository';
import { AppMetrics } from './app-metrics';

/**
 * The app's metrics (src/metrics/app-metrics.ts), for every module that counts something. The games repository
 * counts its appended moves through MovesCounter, which it owns: the games module sits below this one
 * (docs/architecture.md, "Layout of a module").
 */
@Global()
@Module({
  providers: [AppMetrics, { provide: MovesCounter, useExisting: AppMetrics }],
  exports: [AppMetrics, MovesCounter],
})
export class MetricsModule {}
