import { AppConfig } from '../config/config';

/** The validated configuration with the database URL already resolved (embedded Postgres or DATABASE_URL). */
export interface RuntimeConfig extends AppConfig {
  readonly databaseUrl: string;
}

export const RUNTIME_CONFIG = Symbol('RUNTIME_CONFIG');
