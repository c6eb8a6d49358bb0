import { Module } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository';

/**
 * The audit log alone (src/moderation/audit-log.repository.ts), for every module whose actions it records:
 * moderation's, and
 * the players module's for an ADMIN token made (moderation needs the players module, so it cannot lend its own).
 */
@Module({ providers: [AuditLogRepository], exports: [AuditLogRepository] })
export class AuditModule {}
