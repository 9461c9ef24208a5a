import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Who did it, from where: every operator action carries one. */
export interface AuditActor {
  operatorId: number | null;
  operatorName: string;
  address: string;
}

export interface AuditRecord {
  action: string;
  target?: { type: string; id: string };
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one entry to the audit log (decision 018). Called inside the transaction of the change it records, so the
 * change and its entry commit together; the table refuses UPDATE, DELETE and TRUNCATE (a trigger).
 */
export async function recordAudit(db: DbOrTx, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: actor.operatorId,
    operatorName: actor.operatorName,
    address: actor.address,
    action: record.action,
    targetType: record.target?.type ?? null,
    targetId: record.target?.id ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

export interface AuditQuery {
  page: number;
  pageSize: number;
  operatorId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

export async function listAudit(db: DbOrTx, query: AuditQuery) {
  const where = and(
    query.operatorId !== undefined ? eq(auditLog.operatorId, query.operatorId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.targetType ? eq(auditLog.targetType, query.targetType) : undefined,
    query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
    query.from ? gte(auditLog.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(auditLog.createdAt, new Date(query.to)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      id: String(row.id),
      operatorId: row.operatorId,
      operatorName: row.operatorName,
      at: row.createdAt.toISOString(),
      address: row.address,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
