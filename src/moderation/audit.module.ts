import { Module } from '@nestjs/common';
import { AuditLog } from './audit-log';

/**
 * The audit log alone (src/moderation/audit-log.ts), for every module whose actions it records: moderation's, and
 * the players module's for an ADMIN token made (moderation needs the players module, so it cannot lend its own).
 */
@Module({ providers: [AuditLog], exports: [AuditLog] })
export class AuditModule {}
