import { sql } from 'drizzle-orm';
import { auditLog } from '../../../db/schema';
import { auditFilter } from '../../audit/audit-service';
import { listExport, localTime } from './export-source';

/** A change of the log as one cell: its JSON (what people typed inside it is neutralized with the cell). */
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The audit log as its screen filters it, each change before and after as JSON. */
export const auditSource = listExport({
  select: ({ db, timeZone }) =>
    db
      .select({
        id: auditLog.id,
        keyAt: sql<string>`${auditLog.createdAt}::text`,
        at: localTime(auditLog.createdAt, timeZone),
        operatorId: auditLog.operatorId,
        operatorName: auditLog.operatorName,
        address: auditLog.address,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog),
  filter: auditFilter,
  columns: ({ plain, text }) => [
    plain('csvAuditId', (r) => r.id),
    plain('csvTime', (r) => r.at),
    plain('csvOperatorId', (r) => r.operatorId),
    // As typed at a failed sign-in: anyone's text.
    text('csvOperatorName', (r) => r.operatorName),
    text('csvAddress', (r) => r.address),
    text('csvAction', (r) => r.action),
    text('csvTargetType', (r) => r.targetType),
    text('csvTargetId', (r) => r.targetId),
    text('csvValueBefore', (r) => json(r.before)),
    text('csvValueAfter', (r) => json(r.after)),
  ],
  // Newest first, as the screen: down audit_log_time_idx (created_at, id).
  id: [auditLog.id, (r) => r.id],
  at: [auditLog.createdAt, (r) => r.keyAt],
});
