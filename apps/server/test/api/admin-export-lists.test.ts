import {
  type AuditTargetType,
  type ExportKind,
  exportDefs,
  hasRight,
  type OperatorRole,
  ResponseCode,
  ZOperatorRole,
} from '@promoter/contract';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adjustments, auditLog } from '../../src/db/schema';
import { recordAudit } from '../../src/modules/audit/audit-service';
import { createAgent, createPlayer, fund } from '../factories';
import { createTestOperator, operatorToken } from '../operator-factories';
import { setOption } from './money-support';
import { useAdminTestApp } from './admin-support';
import { csvTable, requestCsv } from './csv-support';

/**
 * A CSV export of any list (decision 018): the audit log (right `audit.read`, whoever may read the log), the players and the
 * manual adjustments (right `reports`) as CSV: the rows the screen's filters name, newest first, UTF-8 with a BOM,
 * the header in the caller's language, formulas neutralized, refused in the envelope to a role without the right,
 * and each export itself written to the audit log.
 */
const t = useAdminTestApp();

const tokens = {} as Record<OperatorRole, string>;
const names = {} as Record<OperatorRole, string>;
const ids = {} as Record<OperatorRole, number>;

const exportCsv = (
  kind: ExportKind,
  options: { token?: string; query?: Record<string, string>; lang?: string } = {},
) => requestCsv(t.app, kind, options);
const table = csvTable;

async function lastExportAudit(kind: ExportKind) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'report.export'), eq(auditLog.targetId, kind)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

beforeAll(async () => {
  await setOption(t.db, 'platform.timezone', 'Asia/Shanghai');
  for (const role of ZOperatorRole.options) {
    const operator = await createTestOperator(t.db, role);
    ids[role] = operator.id;
    names[role] = operator.name;
    tokens[role] = await operatorToken(t.db, operator.id);
  }
});

describe('rights', () => {
  it('each role exports what its right allows; the others are refused in the envelope, before anything is read', async () => {
    expect(exportDefs.audit.right).toBe('audit.read');
    expect(exportDefs.players.right).toBe('reports');
    expect(exportDefs.adjustments.right).toBe('reports');
    for (const kind of ['audit', 'players', 'adjustments'] as const) {
      const { right } = exportDefs[kind];
      for (const role of ZOperatorRole.options) {
        const answer = await exportCsv(kind, { token: tokens[role] });
        if (hasRight(role, right)) {
          expect(answer.type, `${kind} as ${role}`).toBe('text/csv; charset=utf-8');
          continue;
        }
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body), `${kind} as ${role}`).toEqual({
          code: ResponseCode.operatorForbidden,
          msg: `您的角色没有此操作的权限（${right}）`,
          data: null,
        });
      }
      const anonymous = await exportCsv(kind);
      expect(JSON.parse(anonymous.body)).toMatchObject({
        code: ResponseCode.operatorNotSignedIn,
        data: null,
      });
    }
    // Finance holds `reports` but not `audit.read`: the audit log's export is not a report.
    expect(hasRight('finance', 'reports') && !hasRight('finance', 'audit.read')).toBe(true);
    const denied = await t.db
      .select({ operatorId: auditLog.operatorId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'call.denied'), eq(auditLog.targetId, 'admin/export/audit')));
    expect(denied.map((row) => row.operatorId).sort()).toEqual(
      [ids.finance, ids.support, ids.viewer].sort((a, b) => a - b),
    );
  });

  it('refuses a bad filter with 400 in the envelope', async () => {
    for (const [kind, query] of [
      ['audit', { from: 'yesterday' }],
      ['audit', { operatorId: 'x' }],
      ['players', { playerId: '-4' }],
      ['players', { mobile: 'abc' }],
      ['adjustments', { status: 'lost' }],
      ['adjustments', { ownerType: 'operator' }],
    ] as const) {
      const answer = await exportCsv(kind, { token: tokens.owner, query });
      expect(answer.status, `${kind} ${JSON.stringify(query)}`).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: ResponseCode.failure, data: null });
    }
  });
});

describe('the audit log as CSV', () => {
  // A target type of this file's own (not one of the product's), so its entries are only its own.
  const targetType = `csv-${process.pid}` as AuditTargetType;

  beforeAll(async () => {
    const actor = (name: string) => ({ operatorId: null, operatorName: name, address: '127.0.0.1' });
    // A failed sign-in writes the name as typed: anyone's text, a formula here.
    await recordAudit(t.db, actor('=HYPERLINK("http://evil")'), {
      action: 'login.failed',
      target: { type: targetType, id: 'a' },
    });
    await recordAudit(t.db, actor('alice'), {
      action: 'agent.freeze',
      target: { type: targetType, id: '10001' },
      before: { status: 'active' },
      after: { status: 'frozen', reason: '违规, "刷单"\n第二行' },
    });
    await recordAudit(t.db, actor('bob'), {
      action: 'agent.unfreeze',
      target: { type: targetType, id: '10001' },
      before: { status: 'frozen' },
      after: { status: 'active' },
    });
  });

  it('writes the screen’s rows newest first, with a BOM and Chinese headers by default', async () => {
    const answer = await exportCsv('audit', { token: tokens.owner, query: { targetType } });
    expect(answer.disposition).toMatch(/^attachment; filename="audit-\d{8}-\d{6}\.csv"/);
    const { header, rows } = table(answer);
    expect(header).toEqual([
      '日志编号',
      '时间（Asia/Shanghai）',
      '操作员ID',
      '操作员',
      'IP地址',
      '操作',
      '对象类型',
      '对象编号',
      '变更前',
      '变更后',
    ]);
    expect(rows.map((r) => r['操作'])).toEqual(['agent.unfreeze', 'agent.freeze', 'login.failed']);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit/list',
      query: { targetType },
      headers: { 'x-operator-token': tokens.owner },
    });
    const list = (JSON.parse(listed.body) as { data: { list: { id: string }[] } }).data.list;
    expect(rows.map((r) => r['日志编号'])).toEqual(list.map((e) => e.id));
    const freeze = rows[1] as Record<string, string>;
    expect(freeze['操作员']).toBe('alice');
    expect(freeze['IP地址']).toBe('127.0.0.1');
    expect(freeze['对象类型']).toBe(targetType);
    expect(freeze['对象编号']).toBe('10001');
    expect(freeze['时间（Asia/Shanghai）']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(freeze['变更前'] as string)).toEqual({ status: 'active' });
    // The JSON of the change: its line break escaped (\n), so a row stays a line; commas and quotes quoted.
    expect(freeze['变更后']).not.toMatch(/[\r\n]/);
    expect(JSON.parse(freeze['变更后'] as string)).toEqual({
      status: 'frozen',
      reason: '违规, "刷单"\n第二行',
    });
    // A formula typed at the sign-in is text in the spreadsheet.
    expect((rows[2] as Record<string, string>)['操作员']).toBe('\'=HYPERLINK("http://evil")');
  });

  it('applies the screen’s filters: action, target, operator, dates', async () => {
    const only = async (query: Record<string, string>) =>
      table(await exportCsv('audit', { token: tokens.owner, query: { targetType, ...query } })).rows.map(
        (r) => r['操作'],
      );
    expect(await only({ action: 'agent.freeze' })).toEqual(['agent.freeze']);
    expect(await only({ targetId: '10001' })).toEqual(['agent.unfreeze', 'agent.freeze']);
    expect(await only({ from: '2000-01-01T00:00:00.000Z', to: '2000-01-02T00:00:00.000Z' })).toEqual([]);
    // By operator: the owner's own exports so far (its entries are `report.export`).
    const mine = table(
      await exportCsv('audit', { token: tokens.owner, query: { operatorId: String(ids.owner) } }),
    ).rows;
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((r) => r['操作员ID']))).toEqual(new Set([String(ids.owner)]));
  });

  it('writes its header in the caller’s language', async () => {
    const { header } = table(
      await exportCsv('audit', { token: tokens.owner, query: { targetType }, lang: 'en' }),
    );
    expect(header).toEqual([
      'Log entry ID',
      'Time (Asia/Shanghai)',
      'Operator ID',
      'Operator',
      'IP address',
      'Action',
      'Target type',
      'Target ID',
      'Before',
      'After',
    ]);
  });

  it('is itself written to the audit log: who, the filters, the rows, completed', async () => {
    await exportCsv('audit', { token: tokens.owner, query: { targetType, action: 'agent.freeze' } });
    const entry = await lastExportAudit('audit');
    expect(entry).toMatchObject({
      operatorId: ids.owner,
      operatorName: names.owner,
      action: 'report.export',
      targetType: 'export',
      targetId: 'audit',
      after: { kind: 'audit', filters: { targetType, action: 'agent.freeze' }, rows: 1, completed: true },
    });
  });
});

describe('players and adjustments as CSV', () => {
  let agent: { agentId: number; playerId: number };
  let first: number;
  let second: number;

  beforeAll(async () => {
    agent = await createAgent(t.db);
    first = await createPlayer(t.db, {
      nickname: '+玩家一',
      boundAgentId: agent.agentId,
      mobile: '13900000001',
    });
    second = await createPlayer(t.db, { nickname: '玩家二', boundAgentId: agent.agentId });
    await fund(t.db, { ownerType: 'player', ownerId: first }, 'diamonds', 12);
  });

  it('players: the list’s filters, newest first, diamonds and agents', async () => {
    const answer = await exportCsv('players', {
      token: tokens.finance,
      query: { boundAgentId: String(agent.agentId) },
    });
    expect(answer.disposition).toMatch(/filename="players-\d{8}-\d{6}\.csv"/);
    const { header, rows } = table(answer);
    expect(header).toEqual([
      '玩家ID',
      '昵称',
      '手机号',
      '钻石',
      '绑定推广员ID',
      '本人推广员ID',
      '创建时间（Asia/Shanghai）',
    ]);
    expect(rows.map((r) => r['玩家ID'])).toEqual([String(second), String(first)]);
    expect(rows[1]).toMatchObject({
      昵称: "'+玩家一",
      手机号: '13900000001',
      钻石: '12',
      绑定推广员ID: String(agent.agentId),
      本人推广员ID: '',
    });
    const own = table(
      await exportCsv('players', { token: tokens.finance, query: { playerId: String(agent.playerId) } }),
    ).rows;
    expect(own).toHaveLength(1);
    expect(own[0]?.['本人推广员ID']).toBe(String(agent.agentId));
    expect((await lastExportAudit('players'))?.after).toMatchObject({
      kind: 'players',
      rows: 1,
      completed: true,
    });
  });

  it('adjustments: by status and owner, signed amounts in their units, who decided', async () => {
    const rows: {
      status: 'pending' | 'applied' | 'rejected';
      currency: 'balance' | 'diamonds';
      amount: number;
    }[] = [
      { status: 'applied', currency: 'balance', amount: -1250 },
      { status: 'pending', currency: 'diamonds', amount: 30 },
      { status: 'rejected', currency: 'balance', amount: 990000 },
    ];
    for (const row of rows) {
      await t.db.insert(adjustments).values({
        ownerType: 'agent',
        ownerId: agent.agentId,
        currency: row.currency,
        amount: row.amount,
        reason: '=SUM(A1)',
        status: row.status,
        approvalsNeeded: row.status === 'applied' ? 1 : 2,
        createdBy: ids.finance,
        decidedBy: row.status === 'pending' ? null : ids.owner,
        rejectReason: row.status === 'rejected' ? '金额有误' : null,
        valueBefore: row.status === 'applied' ? 5000 : null,
        valueAfter: row.status === 'applied' ? 3750 : null,
        decidedAt: row.status === 'pending' ? null : new Date(),
      });
    }
    const all = table(
      await exportCsv('adjustments', {
        token: tokens.finance,
        query: { ownerType: 'agent', ownerId: String(agent.agentId) },
      }),
    );
    expect(all.header).toEqual([
      '调整编号',
      '创建时间（Asia/Shanghai）',
      '账户类型',
      '账户ID',
      '币种',
      '变动',
      '调整原因',
      '状态',
      '发起人',
      '审核人',
      '审核时间（Asia/Shanghai）',
      '拒绝原因',
      '变更前',
      '变更后',
    ]);
    expect(all.rows.map((r) => r['状态'])).toEqual(['已拒绝', '待审核', '已生效']);
    expect(all.rows[2]).toMatchObject({
      账户类型: '推广员',
      账户ID: String(agent.agentId),
      币种: '余额',
      变动: '-12.50',
      调整原因: "'=SUM(A1)",
      发起人: names.finance,
      审核人: names.owner,
      变更前: '50.00',
      变更后: '37.50',
    });
    expect(all.rows[1]).toMatchObject({ 币种: '钻石', 变动: '30', 审核人: '' });
    expect(all.rows[0]?.['拒绝原因']).toBe('金额有误');
    const pending = table(
      await exportCsv('adjustments', {
        token: tokens.owner,
        query: { status: 'pending', ownerId: String(agent.agentId) },
        lang: 'en',
      }),
    );
    expect(pending.rows.map((r) => r.Status)).toEqual(['Pending']);
    expect((await lastExportAudit('adjustments'))?.after).toMatchObject({
      kind: 'adjustments',
      filters: { status: 'pending', ownerId: agent.agentId },
      rows: 1,
      completed: true,
    });
  });
});
