import type { AdminAuditSort, AuditAction, AuditTargetType, SortOrder } from '@promoter/contract';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Who did it, from where: every operator action carries one. */
export interface AuditActor {
  operatorId: number | null;
  operatorName: string;
  address: string;
}

export interface AuditRecord {
  /** One of the contract's AUDIT_ACTIONS (the console translates each). */
  action: AuditAction;
  target?: { type: AuditTargetType; id: string };
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

/** The log's filters: the list's and the CSV export's (reports), so both show the same entries. */
export interface AuditFilter {
  operatorId?: number | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface AuditQuery extends AuditFilter {
  page: number;
  pageSize: number;
  sort?: AdminAuditSort;
  order?: SortOrder;
}

export function auditFilter(query: AuditFilter): SQL | undefined {
  return and(
    query.operatorId !== undefined ? eq(auditLog.operatorId, query.operatorId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.targetType ? eq(auditLog.targetType, query.targetType) : undefined,
    query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
    query.from ? gte(auditLog.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(auditLog.createdAt, new Date(query.to)) : undefined,
  );
}

/** The columns the log sorts by (the operator by the name it acted under, as the list shows it). */
const SORT_COLUMNS = {
  createdAt: auditLog.createdAt,
  operator: auditLog.operatorName,
  action: auditLog.action,
} as const;

/**
 * The log filtered and sorted on the server (newest first unless asked, the audit_log_time_idx walk), paginated. Ties
 * are broken by time, newest first, then by the id, so a page never shifts.
 */
export async function listAudit(db: DbOrTx, query: AuditQuery) {
  const where = auditFilter(query);
  const by = query.order === 'asc' ? asc : desc;
  const sort = query.sort ?? 'createdAt';
  const order =
    sort === 'createdAt'
      ? [by(auditLog.createdAt), by(auditLog.id)]
      : [by(SORT_COLUMNS[sort]), desc(auditLog.createdAt), desc(auditLog.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...order)
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
