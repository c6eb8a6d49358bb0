import { Global, Module } from '@nestjs/common';
import { AppMetrics } from './app-metrics';

/** The app's metrics (src/metrics/app-metrics.ts), for every module that counts something. */
@Global()
@Module({ providers: [AppMetrics], exports: [AppMetrics] })
export class MetricsModule {}
