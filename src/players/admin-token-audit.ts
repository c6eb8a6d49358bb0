/**
 * The audit row of an ADMIN token made (docs/operations.md#the-audit-log): who made it, when, and its id — never the
 * token — written in the token's own transaction, so no ADMIN token exists unaudited. The audit log is the moderation
 * module's (src/moderation/audit-log.repository.ts implements this; bound in AuditModule), which sits above the
 * players module (docs/architecture.md, "Layout of a module"): the players resolver depends on this, not on it.
 */
import type { PoolClient } from 'pg';

export abstract class AdminTokenAudit {
  /** Records on `client` (the token's transaction) that `playerId` made the ADMIN token `tokenId` at `at`. */
  abstract adminTokenMade(client: PoolClient, playerId: string, tokenId: string, at: Date): Promise<void>;
}
