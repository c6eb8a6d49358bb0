import { Global, Module } from '@nestjs/common';
import { AdminTokenAudit } from '../players/admin-token-audit';
import { AuditLogRepository } from './audit-log.repository';

/**
 * The audit log alone (src/moderation/audit-log.repository.ts), for every module whose actions it records:
 * moderation's, and the players module's for an ADMIN token made, through AdminTokenAudit, which the players module
 * owns because it sits below this one (docs/architecture.md, "Layout of a module"): so the binding is global.
 */
@Global()
@Module({
  providers: [AuditLogRepository, { provide: AdminTokenAudit, useExisting: AuditLogRepository }],
  exports: [AuditLogRepository, AdminTokenAudit],
})
export class AuditModule {}
