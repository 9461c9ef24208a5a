// The money-out phase of `npm run chaos` (`npm run chaos:money` alone): refunds of paid orders and WeChat transfers of
// approved withdrawals through WeChat Pay under faults (issue 28; decisions 041, 042, 043, 046). The run's two server
// processes are replaced by two started with PAYMENT_PROVIDER=wechat against the WeChat Pay stand-in of the tests
// (apps/server/test/stand-ins), which listens here on loopback with keys of its own, given to the servers through the
// production variables. Each server reaches it through a door of its own in this process (a forwarding HTTP server),
// so a kill can land exactly between the provider's answer and our commit: the door has the stand-in's answer to a
// refund or a transfer in hand, kills the server that asked, and drops the answer.
//
// Buyers bound to a fresh agent tree with empty balances (its agents spend their profit as it comes, so clawbacks
// leave debts, repaid from later profits) buy and are paid as WeChat Pay pays (the stand-in's signed, encrypted
// notification to the order's notify_url). Three finance operators refund them through the console API: whole and
// partial, the same requestId again and at once, three refunds of one order at once; past the refund options a
// second operator approves or rejects. Agents with an openid (and one without) ask to withdraw to WeChat; the
// operators approve (two from 1,500 yuan) and try to mark them paid by hand. WeChat Pay's side: the stand-in answers
// refunds and transfers with 500 pages, SYSTEM_ERROR, NOT_ENOUGH, FREQUENCY_LIMITED or a time-out after acting,
// settles each refund after a moment (SUCCESS, now and then CLOSED or ABNORMAL), answers each transfer waiting for
// its payee (or accepted, processing, paid at once), whose payee confirms it after a moment (or it fails); every
// notification goes once, twice or never. Servers are killed -9 at random moments and right after WeChat Pay acted.
// Then, faults off, the job queue must find everything on its own (its retries and its minute's sweep).
//
// Checked after recovery, in SQL and against the stand-in's own records: every refund the stand-in made is here once,
// in its state and amount; none failed here that the provider made; none was asked beyond its order; no refund is
// left open; each order's refunded total is the sum of its succeeded refunds and each succeeded refund applied once;
// every clawback is exactly the rule's share of the order's own entries, no debt below zero; the two-person rule;
// each withdrawal paid through WeChat has exactly one transfer there, of its amount less the fee, succeeded, its
// reference the transfer's; each failed one failed there and was refunded exactly once; none paid twice, none left
// open, none by hand while the queue had it; every ledger invariant; every acknowledged action present. Prints a
// table; any problem fails the run.
//
// CHAOS_MONEY_SECONDS (60): the load with faults; CHAOS_MONEY_ORDERS (60): orders paid before it; CHAOS_MONEY_KILLS
// (3): kills -9 at random moments; CHAOS_MONEY_ACT_KILLS (4): kills right after WeChat Pay made a refund or a
// transfer, in turn; CHAOS_MONEY_RECOVERY (300): the longest wait, faults off, for everything to be settled;
// CHAOS_MONEY_PATIENCE (60): after it, transfers waiting for their payee whose notification was lost are asked about
// now rather than at their 10-minute look.
import { type ChaosAnswer, isTransient, messageText, sendRequest } from './chaos-http';
import { sqlChecks } from './chaos-sql';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { connect } from '../apps/server/src/db/client';
import { options as optionsTable, players } from '../apps/server/src/db/schema';
import { en } from '../apps/server/src/i18n/messages';
import { createSession } from '../apps/server/src/modules/auth/session-service';
import { transferIdOf, withdrawalIdOf } from '../apps/server/src/modules/withdrawals/transfer-handoff';
import { createAgent, createGoods, createPlayer, fund } from '../apps/server/test/factories';
import { assertLedgerInvariants } from '../apps/server/test/money-invariants';
import {
  makeWechatPayKeys,
  type RefundFault,
  type TransferAnswerState,
  WechatPayStandIn,
  wechatPayEnv,
} from '../apps/server/test/stand-ins/wechat-pay-stand-in';
import type { ChaosOperator } from './chaos-operators';

const SECONDS = Number(process.env.CHAOS_MONEY_SECONDS ?? 60);
const ORDERS = Number(process.env.CHAOS_MONEY_ORDERS ?? 60);
const KILLS = Number(process.env.CHAOS_MONEY_KILLS ?? 3);
const ACT_KILLS = Number(process.env.CHAOS_MONEY_ACT_KILLS ?? 4);
const RECOVERY_SECONDS = Number(process.env.CHAOS_MONEY_RECOVERY ?? 300);
/** After this long in the recovery, a transfer waiting for its payee whose notification was lost is asked now. */
const PATIENCE_SECONDS = Number(process.env.CHAOS_MONEY_PATIENCE ?? 60);

/**
 * The options of the run: most refunds are approved at once, a whole large one or a busy buyer needs two; a
 * withdrawal from 1,500 yuan needs two (those from 2,000 yuan name their payee to WeChat Pay); a fee of 0.6 %, so
 * what is transferred is not what was asked; WeChat withdrawals paid by transfer.
 */
const RUN_OPTIONS = {
  'refund.reviewThreshold': '250.00',
  'refund.soloDailyPerOperator': '1000000.00',
  'refund.soloDailyPerTarget': '4000.00',
  'withdraw.reviewThreshold': '1500.00',
  'withdraw.soloDailyPerOperator': '10000000.00',
  'withdraw.soloDailyPerAgent': '10000000.00',
  'withdraw.feeRate': '0.6',
  'withdraw.min': '10.00',
  'withdraw.dailyCount': '100000',
  'withdraw.autoTransfer': 'true',
} as const;

const REFUNDS_PATH = '/v3/refund/domestic/refunds';
const TRANSFERS_PATH = '/v3/fund-app/mch-transfer/transfer-bills';
/** A transfer's states at WeChat Pay before it ends (the payee confirms, or it fails). */
const OPEN_TRANSFER = new Set(['ACCEPTED', 'PROCESSING', 'WAIT_USER_CONFIRM', 'TRANSFERING']);
const PROVIDER_FAULTS: RefundFault[] = [
  'http-500',
  'SYSTEM_ERROR',
  'NOT_ENOUGH',
  'FREQUENCY_LIMITED',
  'timeout-after-acting',
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const money = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
const fenOf = (amount: string) => Math.round(Number(amount) * 100);
const prefix = (key: keyof typeof en) => en[key].split('{')[0] as string;
const oneOf = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** What the phase needs of a server process of the run (scripts/chaos.ts's Server). */
export interface MoneyServer {
  readonly name: string;
  readonly url: string;
  ready: boolean;
  kills: number;
  crashes: number;
  child: { pid?: number | undefined } | undefined;
  /** Called when the process dies on its own (the phase restarts it). */
  onUnexpectedExit: ((server: never) => void) | undefined;
  start(): Promise<void>;
  startWithRetries(deadline: number): Promise<void>;
  kill9(): void;
  stop(): Promise<void>;
}

export interface MoneyOutContext {
  /** The run's database (migrated, with its operators). */
  url: string;
  log: (line: string) => void;
  /** Finance operators with sessions (scripts/chaos-operators.ts). */
  operators: ChaosOperator[];
  /** A server process, not started, with the run's production environment and `env` over it. */
  newServer(name: string, env: Record<string, string>): Promise<MoneyServer>;
}

export interface MoneyOutReport {
  figures: Record<string, number | string>;
  problems: string[];
  lost: number;
  /** Stops what the phase started besides its servers (the stand-in and the doors); the servers are the caller's. */
  close(): Promise<void>;
}

// ---- the platform of the phase ----------------------------------------------------------------------------------

interface Buyer {
  playerId: number;
  agentId: number | null;
  tokens: string[];
  next: number;
}

interface Seeded {
  goodsId: number;
  buyers: Buyer[];
  /** The tree's agents, who spend their profit (exchanged to diamonds): a clawback then finds the balance short. */
  spenders: Buyer[];
  /** Agents with an openid (their WeChat withdrawals are paid by transfer), and one without (paid by hand). */
  payees: Buyer[];
  handPayee: Buyer;
}

/**
 * A fresh tree with nothing on its balances (level 1 → two level 2 → two level 3 each), whose agents spend their
 * profit as it comes (exchanged to diamonds): a refund's clawback of their share then leaves a debt, paid from their
 * next profit. Buyers: 14 players (12 bound to the tree's agents) and 3 of its level-3 agents buying for themselves.
 * The refund options of the run.
 */
async function seedMoney(url: string): Promise<Seeded> {
  const database = connect(url, 2);
  const db = database.db;
  try {
    for (const [key, value] of Object.entries(RUN_OPTIONS))
      await db
        .insert(optionsTable)
        .values({ key, value })
        .onConflictDoUpdate({ target: optionsTable.key, set: { value } });
    const session = async (playerId: number, agentId: number | null): Promise<Buyer> => {
      const tokens: string[] = [];
      for (let s = 0; s < 4; s++) tokens.push(await createSession(db, { playerId, agentId }, 24));
      return { playerId, agentId, tokens, next: 0 };
    };
    const spenders: Buyer[] = [];
    const top = await createAgent(db, { level: 1, nickname: '退款一级' });
    spenders.push(await session(top.playerId, top.agentId));
    const level3: Buyer[] = [];
    const level2: Buyer[] = [];
    for (let i = 0; i < 2; i++) {
      const mid = await createAgent(db, { level: 2, parentId: top.agentId, nickname: `退款二级${i}` });
      level2.push(await session(mid.playerId, mid.agentId));
      for (let j = 0; j < 2; j++) {
        const low = await createAgent(db, { level: 3, parentId: mid.agentId, nickname: `退款三级${i}${j}` });
        level3.push(await session(low.playerId, low.agentId));
      }
    }
    spenders.push(...level2, ...level3);
    const buyers: Buyer[] = [];
    const uplines = [...level3, ...level2].map((a) => a.agentId as number);
    for (let i = 0; i < 14; i++) {
      const bound = i < 12 ? uplines[i % uplines.length] : undefined;
      buyers.push(await session(await createPlayer(db, bound ? { boundAgentId: bound } : {}), null));
    }
    buyers.push(...level3.slice(0, 3));
    const payees: Buyer[] = [];
    for (let i = 0; i <= 8; i++) {
      const agent = await createAgent(db, { level: 1, nickname: `提现${i}` });
      await fund(db, { ownerType: 'agent', ownerId: agent.agentId }, 'balance', 5_000_000);
      if (i < 8)
        await db
          .update(players)
          .set({ wechatOpenId: `oChaosPayee${i}${randomUUID().slice(0, 8)}` })
          .where(eq(players.id, agent.playerId));
      payees.push(await session(agent.playerId, agent.agentId));
    }
    const handPayee = payees.pop() as Buyer;
    const goodsId = await createGoods(db, { name: '100钻石', diamonds: 100, category: '退款混沌' });
    return { goodsId, buyers, spenders, payees, handPayee };
  } finally {
    await database.close();
  }
}

// ---- the way to WeChat Pay -----------------------------------------------------------------------------------------

/**
 * One server's way to the stand-in: every request forwarded as it came, every answer handed back as it was, unless
 * `intercept` keeps it (the server asking was just killed: the provider acted, the server never hears of it).
 */
class ProviderDoor {
  server: MoneyServer | undefined;
  intercept: ((method: string, path: string, status: number) => boolean) | undefined;
  private readonly http = http.createServer((req, res) => this.forward(req, res));

  constructor(private readonly standIn: WechatPayStandIn) {}

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.http.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.http.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = { ...req.headers, 'content-length': String(body.length) };
      delete headers.connection;
      delete headers['transfer-encoding'];
      const target = new URL(this.standIn.baseUrl);
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('error', () => res.destroy());
          answer.on('end', () => {
            const status = answer.statusCode ?? 502;
            if (this.intercept?.(req.method ?? '', req.url ?? '', status)) {
              res.destroy();
              return;
            }
            const out = { ...answer.headers };
            delete out.connection;
            delete out['transfer-encoding'];
            res.writeHead(status, out);
            res.end(Buffer.concat(parts));
          });
        },
      );
      upstream.on('error', () => res.destroy());
      // The server gave up (its time-out): so does the door, whatever the stand-in does with the request.
      res.on('close', () => upstream.destroy());
      upstream.end(body);
    });
  }
}

// ---- the run ----------------------------------------------------------------------------------------------------

interface PaidOrder {
  id: string;
  amountFen: number;
  /** What this run has asked back of it so far (acknowledged creations), to aim its refunds. */
  askedFen: number;
}

type OpKind =
  | 'create'
  | 'repeat'
  | 'race'
  | 'concurrent'
  | 'approve'
  | 'reject'
  | 'drain-approve'
  | 'drain-reject'
  | 'withdrawal-approve'
  | 'withdrawal-pay';

interface MoneyOp {
  kind: OpKind;
  operatorId: number;
  path: string;
  body: Record<string, unknown>;
  outcome: 'acked' | 'refused' | 'unresolved';
  msg?: string;
  data?: { id: string; status: string; amount: string; orderId: string };
  errors: number;
  original?: MoneyOp;
}

/** Refusals an operator may get while others (and the job queue) act on the same orders, refunds and withdrawals. */
const EXPECTED_REFUSALS = [
  prefix('refundTooMuch'),
  prefix('refundOrderNotPaid'),
  prefix('refundNotWaiting'),
  prefix('refundOwnApproval'),
  prefix('refundAlreadyApprovedByYou'),
  prefix('withdrawalStateChanged'),
  prefix('withdrawalAlreadyApprovedByYou'),
  prefix('withdrawalSettleOwnApproval'),
  prefix('withdrawalTransferOpen'),
];
/** Answers that mean "not now": the same request is sent again. */
const TRANSIENT = [prefix('serverError'), prefix('paymentUnavailable')];

type Phase = 'orders' | 'load' | 'drain' | 'recovery';

class MoneyRun {
  phase: Phase = 'orders';
  /** Faults are injected (provider refusals, notifications twice or never, kills). */
  faultsOn = false;
  loadEnd = 0;
  readonly orders: PaidOrder[] = [];
  readonly ops: MoneyOp[] = [];
  readonly anomalies: string[] = [];
  transientErrors = 0;
  ordersPaid = 0;
  /** A server being killed and restarted (never two at once: the console stays reachable). */
  private down: MoneyServer | undefined;
  readonly kills = { random: 0, refundMade: 0, transferMade: 0 };
  readonly settled = { SUCCESS: 0, CLOSED: 0, ABNORMAL: 0 };
  readonly confirmed = { succeeded: 0, failed: 0 };
  /** What each new transfer was answered (the stand-in's transferAnswerState at the time). */
  readonly answered: Record<string, number> = {};
  readonly notifications = {
    refund: { sent: 0, taken: 0, refused: 0, duplicated: 0, never: 0, unreachable: 0 },
    transfer: { sent: 0, taken: 0, refused: 0, duplicated: 0, never: 0, unreachable: 0 },
  };
  /**
   * Kills right after WeChat Pay acted, due now: the next refund (or transfer) it answers 200 costs its server its
   * life before the answer reaches it.
   */
  readonly armed = { refund: 0, transfer: 0 };
  exchanges = 0;
  /** The agents' withdrawals to WeChat acknowledged. */
  readonly withdrawals: { id: string; amountFen: number; agentId: number }[] = [];
  /** Transfers waiting for their payee whose notification was lost, asked now after the patience. */
  broughtForward = 0;
  /** For the spenders' balances. */
  readonly pool: pg.Pool;
  private readonly settling = new Set<Promise<void>>();
  private readonly scheduled = new Set<string>();
  settlerOn = true;

  constructor(
    readonly ctx: MoneyOutContext,
    readonly seeded: Seeded,
    readonly standIn: WechatPayStandIn,
    readonly servers: MoneyServer[],
  ) {
    this.pool = new pg.Pool({ connectionString: ctx.url, max: 2 });
    this.pool.on('error', () => undefined);
  }

  anomaly(text: string) {
    this.anomalies.push(`[${this.phase}] ${text}`);
  }

  private pick(): MoneyServer {
    const up = this.servers.filter((s) => s.ready);
    return oneOf(up.length > 0 ? up : this.servers);
  }

  /** Sends one request (chaos-http.ts). */
  private send(method: string, url: string, body: string | undefined, headers: Record<string, string>) {
    return sendRequest(method, url, body, headers);
  }

  // ---- buyers ----

  /** One purchase paid at WeChat Pay, the notification sent until an instance takes it (as WeChat Pay retries). */
  async buyAndPay(buyer: Buyer, quantity: number): Promise<void> {
    const body = JSON.stringify({ goodsId: this.seeded.goodsId, quantity, requestId: randomUUID() });
    const deadline = Date.now() + 60_000;
    let order: { orderId: string; amount: string } | undefined;
    while (!order) {
      const token = buyer.tokens[buyer.next++ % buyer.tokens.length] as string;
      const answer = await this.send('POST', `${this.pick().url}/api/shop/goods/buyGoods`, body, {
        'xx-token': token,
        uid: String(buyer.playerId),
      });
      if (answer?.status === 200 && answer.json.code === 1) {
        order = answer.json.data as { orderId: string; amount: string };
        break;
      }
      if (answer && !isTransient(answer, 10001, TRANSIENT)) {
        this.anomaly(`buyGoods: HTTP ${answer.status} "${messageText(answer)}"`);
        return;
      }
      this.transientErrors++;
      if (Date.now() > deadline) {
        this.anomaly('buyGoods: no answer within 60 s');
        return;
      }
      await sleep(200 + Math.random() * 300);
    }
    const placed = this.standIn.orders.get(order.orderId);
    if (!placed) {
      this.anomaly(`order ${order.orderId} answered, but not placed at WeChat Pay`);
      return;
    }
    const notification = this.standIn.markPaid(order.orderId);
    for (let attempt = 0; ; attempt++) {
      // To the order's notify_url first; behind a load balancer either instance would get the retries.
      const url = attempt % 2 === 0 ? placed.order.notify_url : `${this.pick().url}/api/pay/wechat/notify`;
      const answer = await this.send('POST', url, notification.body, notification.headers);
      if (answer?.status === 200) break;
      if (answer?.status === 400) {
        this.anomaly(`payment notification of ${order.orderId} refused: ${JSON.stringify(answer.json)}`);
        return;
      }
      if (Date.now() > deadline) {
        this.anomaly(`payment notification of ${order.orderId}: not taken within 60 s`);
        return;
      }
      await sleep(300 + Math.random() * 400);
    }
    this.ordersPaid++;
    this.orders.push({ id: order.orderId, amountFen: fenOf(order.amount), askedFen: 0 });
  }

  /**
   * The tree's agents exchange most of their balance to diamonds as their profit comes in: a later refund's clawback
   * then finds their balance short and leaves the rest owed.
   */
  async spenderLoop() {
    while (Date.now() < this.loadEnd) {
      await sleep(1000 + Math.random() * 2000);
      const agent = oneOf(this.seeded.spenders);
      const balance = await this.pool
        .query<{ value: string }>(
          `select value::text from accounts where owner_type = 'agent' and owner_id = $1 and currency = 'balance'`,
          [agent.agentId],
        )
        .then(({ rows }) => Number(rows[0]?.value ?? 0))
        .catch(() => 0);
      const fen = Math.floor(balance * 0.9);
      if (fen < 1000 || Date.now() >= this.loadEnd) continue;
      const body = JSON.stringify({ amount: money(fen), requestId: randomUUID() });
      const answer = await this.agentCall(agent, 'agent/user/withdrawExchange', body);
      if (answer === 'gave up') continue;
      if (answer.status === 200 && answer.json.code === 1) this.exchanges++;
      // A clawback may have taken the balance meanwhile.
      else if (
        ![prefix('notEnoughBalance'), prefix('exchangeTooSmall')].some((t) =>
          messageText(answer).startsWith(t),
        )
      )
        this.anomaly(
          `exchange of ${money(fen)} by agent ${agent.agentId}: HTTP ${answer.status} "${messageText(answer)}"`,
        );
    }
  }

  /**
   * Agents applying to withdraw to their WeChat: mostly 10 to 500 yuan, now and then from 2,000 yuan (two approvals,
   * and the payee's name sent to WeChat Pay encrypted); one in ten by the agent without an openid (paid by hand).
   */
  async payeeLoop() {
    while (Date.now() < this.loadEnd) {
      await sleep(600 + Math.random() * 1200);
      const agent = Math.random() < 0.1 ? this.seeded.handPayee : oneOf(this.seeded.payees);
      const fen =
        Math.random() < 0.08
          ? 200_000 + Math.floor(Math.random() * 60_000)
          : 1_000 + Math.floor(Math.random() * 49_000);
      const body = JSON.stringify({
        amount: money(fen),
        accountType: 'wechat',
        accountName: '王小明',
        accountNo: `wxid_chaos${agent.agentId}`,
        requestId: randomUUID(),
      });
      const answer = await this.agentCall(agent, 'agent/user/withdrawPostByUser', body);
      if (answer === 'gave up') continue;
      if (answer.status === 200 && answer.json.code === 1) {
        const { withdrawal } = answer.json.data as { withdrawal: { id: string } };
        this.withdrawals.push({ id: withdrawal.id, amountFen: fen, agentId: agent.agentId as number });
      } else
        this.anomaly(
          `withdrawal of ${money(fen)} by agent ${agent.agentId}: HTTP ${answer.status} "${messageText(answer)}"`,
        );
    }
  }

  /**
   * One agent's call sent until it is settled (a success or a refusal), with the same body on either instance, as a
   * client that does not know whether its request was applied must; 'gave up' 30 s after the load ended.
   */
  private async agentCall(
    agent: { tokens: string[]; next: number },
    path: string,
    body: string,
  ): Promise<ChaosAnswer | 'gave up'> {
    for (;;) {
      const token = agent.tokens[agent.next++ % agent.tokens.length] as string;
      const answer = await this.send('POST', `${this.pick().url}/api/${path}`, body, { 'xx-token': token });
      if (answer && !isTransient(answer, 10001, TRANSIENT)) return answer;
      this.transientErrors++;
      if (Date.now() > this.loadEnd + 30_000) return 'gave up';
      await sleep(200 + Math.random() * 300);
    }
  }

  async buyerLoop(buyer: Buyer) {
    while (Date.now() < this.loadEnd) {
      await this.buyAndPay(buyer, 1 + Math.floor(Math.random() * 3));
      await sleep(500 + Math.random() * 1500);
    }
  }

  // ---- operators ----

  private headers(operator: ChaosOperator) {
    return { 'x-operator-token': operator.tokens[operator.next++ % operator.tokens.length] as string };
  }

  /** One console call to its end: an answer, or (after every error) the same request again, on either instance. */
  async act(
    operator: ChaosOperator,
    kind: OpKind,
    path: string,
    body: Record<string, unknown>,
    original?: MoneyOp,
  ): Promise<MoneyOp> {
    const op: MoneyOp = {
      kind,
      operatorId: operator.id,
      path,
      body,
      outcome: 'unresolved',
      errors: 0,
      ...(original ? { original } : {}),
    };
    this.ops.push(op);
    const giveUp = Math.max(this.loadEnd, Date.now()) + 60_000;
    for (;;) {
      const answer = await this.send(
        'POST',
        `${this.pick().url}/api/${path}`,
        JSON.stringify(body),
        this.headers(operator),
      );
      if (answer && !isTransient(answer, 10101, TRANSIENT)) {
        const msg = messageText(answer);
        op.msg = msg;
        if (answer.status === 200 && answer.json.code === 1) {
          op.outcome = 'acked';
          op.data = answer.json.data as MoneyOp['data'];
        } else {
          op.outcome = 'refused';
          if (answer.status !== 200 || !EXPECTED_REFUSALS.some((text) => msg.startsWith(text)))
            this.anomaly(`operator ${kind} ${JSON.stringify(body)}: HTTP ${answer.status} "${msg}"`);
        }
        return op;
      }
      op.errors++;
      this.transientErrors++;
      if (Date.now() > giveUp) return op;
      await sleep(150 + Math.random() * 350);
    }
  }

  private async listRequested(operator: ChaosOperator): Promise<{ id: string; makerId: number }[]> {
    const answer = await this.send(
      'GET',
      `${this.pick().url}/api/admin/refunds/list?status=requested&pageSize=100`,
      undefined,
      this.headers(operator),
    );
    const list =
      (
        answer?.json.data as {
          list?: { id: string; status: string; createdBy: { operatorId: number } }[];
        } | null
      )?.list ?? [];
    return list
      .filter((r) => r.status === 'requested')
      .map((r) => ({ id: r.id, makerId: r.createdBy.operatorId }));
  }

  /** A refund's body: whole (what is left, as far as this run knows), or a part, often a third. */
  private refundBody(order: PaidOrder): Record<string, unknown> {
    const roll = Math.random();
    const left = order.amountFen - order.askedFen;
    const fen =
      roll < 0.3
        ? Math.max(1, left)
        : roll < 0.55
          ? Math.max(1, Math.floor(order.amountFen / 3))
          : 1 + Math.floor(Math.random() * Math.max(1, Math.floor(order.amountFen / 2)));
    return {
      orderId: order.id,
      amount: money(fen),
      reason: roll < 0.3 ? '混沌测试：整单退款' : '混沌测试：部分退款',
      requestId: randomUUID(),
    };
  }

  private noteAsked(op: MoneyOp) {
    if (op.outcome !== 'acked' || op.kind === 'repeat') return;
    const order = this.orders.find((o) => o.id === op.body.orderId);
    if (order) order.askedFen += fenOf(String(op.body.amount));
  }

  async operatorLoop(operator: ChaosOperator) {
    const mine: MoneyOp[] = [];
    while (Date.now() < this.loadEnd) {
      await sleep(100 + Math.random() * 300);
      const roll = Math.random();
      const order = this.orders.length > 0 ? oneOf(this.orders) : undefined;
      if (!order) {
        await sleep(200);
        continue;
      }
      if (roll < 0.25) {
        await this.withdrawalAction(operator);
        continue;
      }
      if (roll < 0.52) {
        const op = await this.act(operator, 'create', 'admin/refunds/create', this.refundBody(order));
        this.noteAsked(op);
        if (op.outcome === 'acked') mine.push(op);
      } else if (roll < 0.6 && mine.length > 0) {
        // The same click again: the same refund, nothing more.
        const of = oneOf(mine);
        const again = await this.act(operator, 'repeat', of.path, of.body, of);
        if (again.outcome === 'refused')
          this.anomaly(`the repeat of refund ${of.data?.id} was refused: "${again.msg}"`);
        else if (again.outcome === 'acked' && again.data?.id !== of.data?.id)
          this.anomaly(`the repeat of refund ${of.data?.id} answered ${again.data?.id}`);
      } else if (roll < 0.66) {
        // Three refunds of one order at once, each of two fifths: never more than the order between them.
        const fen = Math.max(1, Math.floor((order.amountFen * 2) / 5));
        const ops = await Promise.all(
          [0, 1, 2].map(() =>
            this.act(operator, 'concurrent', 'admin/refunds/create', {
              orderId: order.id,
              amount: money(fen),
              reason: '混沌测试：同时退款',
              requestId: randomUUID(),
            }),
          ),
        );
        for (const op of ops) this.noteAsked(op);
      } else if (roll < 0.71) {
        // One new refund sent twice at once: one refund, one answer.
        const body = this.refundBody(order);
        const [a, b] = await Promise.all([
          this.act(operator, 'create', 'admin/refunds/create', body),
          this.act(operator, 'race', 'admin/refunds/create', body),
        ]);
        b.original = a;
        this.noteAsked(a);
        if (a.outcome === 'acked') mine.push(a);
        if (a.outcome !== b.outcome || (a.outcome === 'acked' && a.data?.id !== b.data?.id))
          this.anomaly(
            `one refund sent twice at once answered ${a.outcome} ${a.data?.id ?? a.msg} and ${b.outcome} ${b.data?.id ?? b.msg}`,
          );
      } else if (roll < 0.9) {
        const waiting = await this.listRequested(operator);
        // Mostly another's (maker/checker); now and then one's own, which must be refused.
        const others = waiting.filter((r) => r.makerId !== operator.id);
        const target = Math.random() < 0.9 && others.length > 0 ? oneOf(others) : waiting[0];
        if (target) await this.act(operator, 'approve', 'admin/refunds/approve', { id: target.id });
        else await sleep(200);
      } else {
        const waiting = await this.listRequested(operator);
        const target = waiting.length > 0 ? oneOf(waiting) : undefined;
        if (target)
          await this.act(operator, 'reject', 'admin/refunds/reject', {
            id: target.id,
            reason: '混沌测试：驳回',
          });
        else await sleep(200);
      }
    }
  }

  /**
   * The phase's withdrawals in a state, as the console lists them: of one of its agents (the queue also holds the
   * earlier phases' withdrawals), or of each.
   */
  private async listWithdrawals(
    operator: ChaosOperator,
    status: 'pending' | 'approved',
    agents = [oneOf([...this.seeded.payees, this.seeded.handPayee])],
  ): Promise<{ id: string; method: string }[]> {
    const found: { id: string; method: string }[] = [];
    for (const agent of agents) {
      const answer = await this.send(
        'GET',
        `${this.pick().url}/api/admin/withdrawals/list?status=${status}&agentId=${agent.agentId}&pageSize=100`,
        undefined,
        this.headers(operator),
      );
      const list =
        (answer?.json.data as { list?: { id: string; payout: { method: string } }[] } | null)?.list ?? [];
      found.push(...list.map((w) => ({ id: w.id, method: w.payout.method })));
    }
    return found;
  }

  /**
   * An operator on the withdrawal queue: approves one waiting (at two, the queue gets its transfer), or tries to
   * mark an approved one paid by hand: refused while the queue has its transfer, taken for one without an openid.
   */
  async withdrawalAction(operator: ChaosOperator) {
    if (Math.random() < 0.75) {
      const waiting = await this.listWithdrawals(operator, 'pending');
      if (waiting.length > 0)
        await this.act(operator, 'withdrawal-approve', 'admin/withdrawals/approve', {
          id: oneOf(waiting).id,
        });
      return;
    }
    const approved = await this.listWithdrawals(operator, 'approved');
    if (approved.length === 0) return;
    const target = oneOf(approved);
    const op = await this.act(operator, 'withdrawal-pay', 'admin/withdrawals/pay', {
      id: target.id,
      reference: `CHAOS-HAND-${target.id}`,
    });
    if (op.outcome === 'acked' && target.method === 'transfer')
      this.anomaly(`withdrawal ${target.id} marked paid by hand while WeChat Pay's transfer of it was open`);
  }

  /** After the load: every withdrawal waiting is approved, every one to be paid by hand is paid, by whoever may. */
  async drainWithdrawals() {
    const until = Date.now() + 60_000;
    const byEach = async (kind: OpKind, path: string, body: Record<string, unknown>) => {
      for (const operator of this.ctx.operators) {
        const op = await this.act(operator, kind, path, body);
        const notMine = [prefix('withdrawalAlreadyApprovedByYou'), prefix('withdrawalSettleOwnApproval')];
        if (!(op.outcome === 'refused' && notMine.some((text) => op.msg?.startsWith(text)))) return;
      }
    };
    const first = this.ctx.operators[0] as ChaosOperator;
    const agents = [...this.seeded.payees, this.seeded.handPayee];
    while (Date.now() < until) {
      const waiting = await this.listWithdrawals(first, 'pending', agents);
      const byHand = (await this.listWithdrawals(first, 'approved', agents)).filter(
        (w) => w.method === 'hand',
      );
      if (waiting.length === 0 && byHand.length === 0) return;
      await Promise.all([
        ...waiting.map((w) => byEach('withdrawal-approve', 'admin/withdrawals/approve', { id: w.id })),
        ...byHand.map((w) =>
          byEach('withdrawal-pay', 'admin/withdrawals/pay', { id: w.id, reference: `CHAOS-HAND-${w.id}` }),
        ),
      ]);
    }
    this.anomaly('withdrawals still waiting for approval or to be paid by hand after a minute of it');
  }

  /** After the load: each refund still waiting for a second operator is approved (four in five) or rejected. */
  async drain() {
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const first = this.ctx.operators[0] as ChaosOperator;
      const waiting = await this.listRequested(first);
      if (waiting.length === 0) return;
      await Promise.all(
        waiting.map((r) => {
          const checker = this.ctx.operators.find((o) => o.id !== r.makerId) as ChaosOperator;
          return Math.random() < 0.8
            ? this.act(checker, 'drain-approve', 'admin/refunds/approve', { id: r.id })
            : this.act(checker, 'drain-reject', 'admin/refunds/reject', {
                id: r.id,
                reason: '混沌测试：驳回',
              });
        }),
      );
    }
    this.anomaly('refunds still waiting for a second operator after a minute of approving them');
  }

  // ---- faults ----

  /** Kills `victim` -9 and starts it again after a moment; answers once it listens again. */
  async killAndRestart(victim: MoneyServer, why: keyof MoneyRun['kills'], what: string) {
    this.down = victim;
    this.ctx.log(`  kill -9 server ${victim.name} (pid ${victim.child?.pid}; ${what})`);
    victim.kill9();
    this.kills[why]++;
    await sleep(1000 + Math.random() * 1000);
    await victim.startWithRetries(Date.now() + 60_000);
    this.down = undefined;
    this.ctx.log(`  server ${victim.name} back`);
  }

  /**
   * The door's question on every answer of the stand-in: kill the server that asked before it hears that WeChat Pay
   * made its refund or its transfer? Also counts what new transfers were answered.
   */
  interceptFor(door: ProviderDoor) {
    return (method: string, path: string, status: number): boolean => {
      const server = door.server;
      if (method !== 'POST' || status !== 200) return false;
      const kind = path === REFUNDS_PATH ? 'refund' : path === TRANSFERS_PATH ? 'transfer' : undefined;
      if (!kind || !this.faultsOn || !server || this.down || this.armed[kind] === 0) return false;
      this.armed[kind]--;
      void this.killAndRestart(
        server,
        kind === 'refund' ? 'refundMade' : 'transferMade',
        `WeChat Pay made the ${kind}, its answer dropped`,
      );
      return true;
    };
  }

  /**
   * Kills after WeChat Pay acted, armed at moments spread over the load, refunds and transfers in turn (the next one
   * answered 200 is the one).
   */
  async armKillsAfterActing() {
    const gap = (SECONDS * 1000) / (ACT_KILLS + 1);
    for (let k = 0; k < ACT_KILLS; k++) {
      await sleep(gap * (0.4 + Math.random() * 0.6));
      if (Date.now() + 6_000 > this.loadEnd) return;
      this.armed[k % 2 === 0 ? 'refund' : 'transfer']++;
    }
  }

  async randomKills() {
    const gap = (SECONDS * 1000) / (KILLS + 1);
    for (let k = 0; k < KILLS; k++) {
      await sleep(gap * (0.6 + Math.random() * 0.4));
      while (this.down && Date.now() < this.loadEnd) await sleep(200);
      if (Date.now() + 6_000 > this.loadEnd) {
        this.ctx.log(`  no kill ${k + 1} of ${KILLS}: too little of the load left to see a recovery`);
        return;
      }
      await this.killAndRestart(this.servers[k % this.servers.length] as MoneyServer, 'random', 'at random');
    }
  }

  /** Requests to `path` the stand-in failed on purpose, by fault (its own record of what it answered). */
  faultsTaken(path: string): Record<string, number> {
    const taken: Record<string, number> = {};
    for (const r of this.standIn.received)
      if (r.method === 'POST' && r.path === path && r.error?.startsWith('fault: ')) {
        const fault = r.error.slice('fault: '.length);
        taken[fault] = (taken[fault] ?? 0) + 1;
      }
    return taken;
  }

  /** One provider fault queued at a time for refunds and one for transfers, every second or so, during the load. */
  async providerFaults(kind: 'refund' | 'transfer') {
    const path = kind === 'refund' ? REFUNDS_PATH : TRANSFERS_PATH;
    let pushed = 0;
    while (Date.now() < this.loadEnd) {
      await sleep(500 + Math.random() * 1000);
      const taken = Object.values(this.faultsTaken(path)).reduce((a, b) => a + b, 0);
      if (pushed > taken || Date.now() >= this.loadEnd) continue;
      const fault = oneOf(PROVIDER_FAULTS);
      if (kind === 'refund') this.standIn.failNextRefund(fault);
      else this.standIn.failNextTransfer(fault);
      pushed++;
    }
  }

  // ---- WeChat Pay settling refunds, payees confirming transfers ----

  /**
   * WeChat Pay's side, until stopped: each refund it holds PROCESSING ends after a moment; each transfer still open
   * there ends after a moment too (the payee confirms it, or it fails); their notifications go out as the faults say.
   * New transfers are answered in turn WAIT_USER_CONFIRM (most), ACCEPTED, PROCESSING or SUCCESS at once.
   */
  async settler() {
    const later = (what: () => Promise<void>) => {
      const job = sleep(300 + Math.random() * 3500).then(what);
      this.settling.add(job);
      void job.finally(() => this.settling.delete(job));
    };
    while (this.settlerOn) {
      const roll = Math.random();
      const state: TransferAnswerState =
        roll < 0.55 ? 'WAIT_USER_CONFIRM' : roll < 0.7 ? 'ACCEPTED' : roll < 0.8 ? 'PROCESSING' : 'SUCCESS';
      this.standIn.transferAnswerState = state;
      for (const [no, made] of this.standIn.refunds) {
        if (made.refund.status !== 'PROCESSING' || this.scheduled.has(no)) continue;
        this.scheduled.add(no);
        later(() => this.settle(no));
      }
      for (const [no, made] of this.standIn.transfers) {
        if (this.scheduled.has(no)) continue;
        this.scheduled.add(no);
        this.answered[made.bill.state] = (this.answered[made.bill.state] ?? 0) + 1;
        if (OPEN_TRANSFER.has(made.bill.state)) later(() => this.confirm(no));
      }
      await sleep(250);
    }
  }

  /** How a notification goes out: once when faults are off, else once, twice or never. */
  private notifyMode(counts: MoneyRun['notifications']['refund']): 'once' | 'twice' | 'never' {
    const roll = Math.random();
    const mode = !this.faultsOn || roll < 0.6 ? 'once' : roll < 0.8 ? 'twice' : 'never';
    if (mode === 'never') counts.never++;
    if (mode === 'twice') counts.duplicated++;
    return mode;
  }

  private async notified(counts: MoneyRun['notifications']['refund'], sending: Promise<number[]>) {
    try {
      for (const code of await sending) {
        counts.sent++;
        if (code === 200) counts.taken++;
        else counts.refused++;
      }
    } catch {
      // The instance named by the notify_url is down: this notification is lost, as WeChat Pay's may be.
      counts.unreachable++;
    }
  }

  private async settle(no: string) {
    const roll = Math.random();
    const status = roll < 0.92 ? 'SUCCESS' : roll < 0.97 ? 'CLOSED' : 'ABNORMAL';
    this.settled[status]++;
    const counts = this.notifications.refund;
    await this.notified(counts, this.standIn.settleRefund(no, status, this.notifyMode(counts)));
  }

  private async confirm(no: string) {
    const outcome = Math.random() < 0.88 ? 'succeeded' : 'failed';
    this.confirmed[outcome]++;
    const counts = this.notifications.transfer;
    await this.notified(counts, this.standIn.confirmTransfer(no, outcome, this.notifyMode(counts)));
  }

  async stopSettler() {
    this.settlerOn = false;
    await Promise.all([...this.settling]);
  }
}

// ---- checks ------------------------------------------------------------------------------------------------------

const STAND_IN_STATUS: Record<string, string> = {
  SUCCESS: 'succeeded',
  CLOSED: 'closed',
  ABNORMAL: 'abnormal',
  PROCESSING: 'processing',
};

interface RefundRow {
  id: string;
  order_id: string;
  amount_fen: string;
  status: string;
  request_id: string;
  provider_ref: string | null;
  attempts: number;
  last_error: string | null;
  check_at: Date | null;
  approvals_needed: number;
}

async function check(
  url: string,
  run: MoneyRun,
): Promise<{ problems: string[]; lost: number; figures: Record<string, number | string> }> {
  const { client, problems, rows, expectNone } = await sqlChecks(url);
  let lost = 0;
  try {
    const refunds = new Map((await rows<RefundRow>('select * from refunds')).map((r) => [r.id, r] as const));
    // The stand-in's records against ours: every refund it made is here once, as it stands there.
    const missing: string[] = [];
    const differing: string[] = [];
    const perOrder = new Map<string, { total: number; refunded: number }>();
    for (const [no, { request, refund }] of run.standIn.refunds) {
      const ours = refunds.get(no);
      const total = (refund.amount as { total: number }).total;
      const o = perOrder.get(refund.out_trade_no) ?? { total, refunded: 0 };
      if (refund.status !== 'CLOSED') o.refunded += request.amount.refund;
      perOrder.set(refund.out_trade_no, o);
      if (!ours) {
        missing.push(no);
        continue;
      }
      if (
        ours.status !== STAND_IN_STATUS[refund.status] ||
        Number(ours.amount_fen) !== request.amount.refund ||
        ours.order_id !== refund.out_trade_no ||
        (ours.status === 'succeeded' && ours.provider_ref !== refund.refund_id)
      )
        differing.push(
          `${no}: here ${ours.status} ${ours.amount_fen} of ${ours.order_id} (${ours.provider_ref}), at WeChat Pay ${refund.status} ${request.amount.refund} of ${refund.out_trade_no} (${String(refund.refund_id)})`,
        );
    }
    lost += missing.length;
    if (missing.length > 0)
      problems.push(
        `refunds WeChat Pay made that are not here: ${missing.length} (${missing.slice(0, 3).join(', ')})`,
      );
    if (differing.length > 0)
      problems.push(
        `refunds here otherwise than at WeChat Pay: ${differing.length} (${differing.slice(0, 3).join('; ')})`,
      );
    const beyond = [...perOrder].filter(([, o]) => o.refunded > o.total);
    if (beyond.length > 0)
      problems.push(`orders WeChat Pay refunded beyond their amount: ${JSON.stringify(beyond.slice(0, 3))}`);
    const unknownThere = [...refunds.values()].filter(
      (r) =>
        ['processing', 'succeeded', 'closed', 'abnormal'].includes(r.status) &&
        !run.standIn.refunds.has(r.id),
    );
    if (unknownThere.length > 0)
      problems.push(
        `refunds here the provider never made: ${unknownThere.length} (${unknownThere
          .slice(0, 3)
          .map((r) => `${r.id} ${r.status}`)
          .join(', ')})`,
      );
    const failedButMade = [...refunds.values()].filter(
      (r) => r.status === 'failed' && run.standIn.refunds.has(r.id),
    );
    if (failedButMade.length > 0)
      problems.push(`refunds failed here that WeChat Pay made: ${failedButMade.map((r) => r.id).join(', ')}`);
    // Asked of the provider beyond an order, or one out_refund_no with another body: refused there, wrong here.
    const refusedThere = run.standIn.received.filter(
      (r) => r.path === REFUNDS_PATH && r.error !== undefined && !r.error.startsWith('fault: '),
    );
    if (refusedThere.length > 0)
      problems.push(
        `refund requests WeChat Pay refused: ${refusedThere.length} (${refusedThere
          .slice(0, 3)
          .map((r) => r.error)
          .join('; ')})`,
      );
    const open = [...refunds.values()].filter((r) => r.status === 'approved' || r.status === 'processing');
    if (open.length > 0)
      problems.push(
        `refunds left open after the recovery: ${open.length} (${open
          .slice(0, 3)
          .map(
            (r) =>
              `${r.id} ${r.status} attempts ${r.attempts} check_at ${r.check_at?.toISOString() ?? 'none'} ${r.last_error ?? ''}`,
          )
          .join('; ')})`,
      );

    // Each order's refunded total, and each succeeded refund applied and recorded once.
    await expectNone(
      'orders whose refunded total is not the sum of their succeeded refunds, or whose status does not say it',
      `select o.id, o.status, o.amount_fen, o.refunded_fen, coalesce(s.fen, 0) as succeeded
         from orders o left join (select order_id, sum(amount_fen) as fen from refunds where status = 'succeeded'
                                   group by order_id) s on s.order_id = o.id
        where o.refunded_fen <> coalesce(s.fen, 0) or o.refunded_fen > o.amount_fen
           or (o.status = 'refunded') <> (o.refunded_fen = o.amount_fen and o.refunded_fen > 0)`,
    );
    await expectNone(
      'orders whose live refunds pass their amount',
      `select o.id, o.amount_fen, sum(r.amount_fen) from orders o join refunds r on r.order_id = o.id
        where r.status in ('requested', 'approved', 'processing', 'succeeded', 'abnormal')
        group by o.id having sum(r.amount_fen) > o.amount_fen`,
    );
    await expectNone(
      'refunds whose success was applied more than once, or applied without their succeeding (their records)',
      `select r.id, r.status, count(n.id) from refunds r
         join payment_notifications n on n.outcome = 'refund ' || r.id || ': succeeded'
        group by r.id, r.status having count(n.id) > 1 or r.status <> 'succeeded'`,
    );
    // The record is written after the transaction that applied the word (as a payment's is): a kill between the two
    // loses the record, never the refund. Counted, not a problem.
    const [unrecorded] = await rows<{ n: number }>(
      `select count(*)::int as n from refunds r where r.status = 'succeeded' and not exists
         (select 1 from payment_notifications n where n.outcome = 'refund ' || r.id || ': succeeded')`,
    );
    await expectNone(
      'clawback entries of refunds that did not succeed',
      `select e.ref_id from ledger_entries e left join refunds r on r.id = e.ref_id
        where e.ref_type = 'refund' and (r.id is null or r.status <> 'succeeded' or e.bill_type <> 10)`,
    );
    await expectNone(
      'refunds settled or sent with fewer approvals than needed',
      `select r.id, r.status, r.approvals_needed from refunds r
        where r.status not in ('requested', 'rejected')
          and (select count(*) from refund_approvals a where a.refund_id = r.id) < r.approvals_needed`,
    );
    // The rule (decision 043): each entry X of an order gives back floor(X * refunded / amount) over its refunds,
    // taken from the account (and the rest owed, for a profit share) or, for diamonds, reported short.
    await expectNone(
      "orders' entries whose refunds gave back other than the rule's share (balance: taken + owed)",
      `with due as (
         select o.id as order_id, a.owner_type, a.owner_id, a.currency,
                sum((e.amount * o.refunded_fen) / o.amount_fen) as due
           from orders o join ledger_entries e on e.ref_type = 'order' and e.ref_id = o.id
           join accounts a on a.id = e.account_id
          where e.bill_type = 5 and e.amount > 0 and o.refunded_fen > 0
          group by o.id, a.owner_type, a.owner_id, a.currency),
       back as (
         select r.order_id, a.owner_type, a.owner_id,
                sum(case when a.currency = 'balance' then -e.amount else e.amount end) as back
           from refunds r join ledger_entries e on e.ref_type = 'refund' and e.ref_id = r.id
           join accounts a on a.id = e.account_id
          where a.currency in ('balance', 'owed')
          group by r.order_id, a.owner_type, a.owner_id)
       select d.*, coalesce(b.back, 0) as back from due d
         full join back b on b.order_id = d.order_id and b.owner_type = d.owner_type and b.owner_id = d.owner_id
        where coalesce(d.due, 0) <> coalesce(b.back, 0)`,
    );
    await expectNone(
      "orders whose refunds took back other than the rule's share of the buyer's diamonds (taken + short)",
      `with due as (
         select o.id as order_id, a.owner_type, a.owner_id,
                sum((e.amount * o.refunded_fen) / o.amount_fen) as due
           from orders o join ledger_entries e on e.ref_type = 'order' and e.ref_id = o.id
           join accounts a on a.id = e.account_id
          where e.bill_type = 1 and e.amount > 0 and o.refunded_fen > 0
          group by o.id, a.owner_type, a.owner_id),
       back as (
         select r.order_id, coalesce(sum(-e.amount), 0) as taken
           from refunds r join ledger_entries e on e.ref_type = 'refund' and e.ref_id = r.id
           join accounts a on a.id = e.account_id
          where a.currency = 'diamonds'
          group by r.order_id),
       short as (select order_id, sum(diamonds_short) as short from refunds where status = 'succeeded' group by order_id)
       select d.*, coalesce(b.taken, 0) as taken, coalesce(s.short, 0) as short from due d
         left join back b on b.order_id = d.order_id left join short s on s.order_id = d.order_id
        where d.due <> coalesce(b.taken, 0) + coalesce(s.short, 0)`,
    );
    await expectNone(
      "an account's entries of one refund giving back more than the order gave it",
      `select r.id, a.owner_type, a.owner_id, a.currency from refunds r
         join ledger_entries e on e.ref_type = 'refund' and e.ref_id = r.id and e.amount < 0
         join accounts a on a.id = e.account_id
        group by r.id, r.order_id, a.owner_type, a.owner_id, a.currency
       having -sum(e.amount) > (select coalesce(sum(oe.amount), 0) from ledger_entries oe
                                  join accounts oa on oa.id = oe.account_id
                                 where oe.ref_type = 'order' and oe.ref_id = r.order_id and oe.amount > 0
                                   and oa.owner_type = a.owner_type and oa.owner_id = a.owner_id
                                   and oa.currency = a.currency)`,
    );
    await expectNone(
      'owed accounts below zero, or owing more than refunds left owed',
      `select a.id, a.value from accounts a where a.currency = 'owed'
          and (a.value < 0 or a.value > (select coalesce(sum(e.amount), 0) from ledger_entries e
                                          where e.account_id = a.id and e.bill_type = 10))`,
    );
    const database = connect(url, 2);
    try {
      await assertLedgerInvariants(database.db);
    } catch (error) {
      problems.push(`ledger invariants: ${(error as Error).message}`);
    } finally {
      await database.close();
    }

    // Every acknowledged operator action, in the database.
    const absent: string[] = [];
    for (const op of run.ops.filter((o) => o.outcome === 'acked')) {
      const id = op.data?.id ?? '';
      if (op.path === 'admin/refunds/create') {
        const row = refunds.get(id);
        if (
          !row ||
          row.order_id !== op.body.orderId ||
          row.request_id !== op.body.requestId ||
          Number(row.amount_fen) !== fenOf(String(op.body.amount))
        )
          absent.push(`${op.kind} ${JSON.stringify(op.body)} answered ${id}`);
      } else if (op.path === 'admin/refunds/approve') {
        const [found] = await rows<{ n: number }>(
          'select count(*)::int as n from refund_approvals where refund_id = $1 and operator_id = $2',
          [op.body.id, op.operatorId],
        );
        if (found?.n !== 1) absent.push(`${op.kind} ${String(op.body.id)}`);
      } else if (op.path === 'admin/refunds/reject' && refunds.get(String(op.body.id))?.status !== 'rejected')
        absent.push(`${op.kind} ${String(op.body.id)}`);
    }
    lost += absent.length;
    if (absent.length > 0)
      problems.push(
        `operator actions acknowledged but not in the database: ${absent.slice(0, 5).join('; ')}`,
      );
    const transfers = await checkTransfers(rows, run);
    problems.push(...transfers.problems);
    lost += transfers.lost;

    const [ledger] = await rows<Record<string, string>>(`select
      (select count(*) from ledger_entries where bill_type = 10)::text as clawbacks,
      (select coalesce(sum(amount), 0) from ledger_entries e join accounts a on a.id = e.account_id
        where e.bill_type = 10 and a.currency = 'owed')::text as owed,
      (select coalesce(-sum(amount), 0) from ledger_entries e join accounts a on a.id = e.account_id
        where e.bill_type = 11 and a.currency = 'owed')::text as repaid,
      (select coalesce(sum(diamonds_short), 0) from refunds)::text as short`);
    const count = (status: string) => [...refunds.values()].filter((r) => r.status === status).length;
    return {
      problems,
      lost,
      figures: {
        'refunds here': refunds.size,
        succeeded: count('succeeded'),
        closed: count('closed'),
        abnormal: count('abnormal'),
        failed: count('failed'),
        rejected: count('rejected'),
        'waiting (requested)': count('requested'),
        'open (approved, processing)': open.length,
        'two operators needed': [...refunds.values()].filter((r) => r.approvals_needed === 2).length,
        'succeeded without their record (a kill after the commit)': unrecorded?.n ?? 0,
        'clawback entries': Number(ledger?.clawbacks ?? 0),
        'owed (fen)': Number(ledger?.owed ?? 0),
        'owed repaid (fen)': Number(ledger?.repaid ?? 0),
        'diamonds short': Number(ledger?.short ?? 0),
        ...transfers.figures,
      },
    };
  } finally {
    await client.end();
  }
}

// ---- the phase ---------------------------------------------------------------------------------------------------

/** Open refunds here and at the stand-in, for the recovery's progress. */
interface WithdrawalRow {
  id: string;
  agent_id: number;
  amount_fen: string;
  fee_fen: string;
  status: string;
  account_type: string;
  payout_method: string | null;
  transfer_status: string | null;
  transfer_ref: string | null;
  transfer_error: string | null;
  transfer_check_at: Date | null;
  transfer_attempts: number;
  reference: string | null;
  approvals_needed: number | null;
  refunds: number;
  debits: number;
  debited: string;
  pays: number;
  fails: number;
  paid_by_person: number;
}

/**
 * The withdrawals of the phase against the stand-in's transfers: each paid through WeChat has exactly one transfer
 * there, succeeded, of the amount less the fee, its transfer_bill_no as the reference; each failed one failed there
 * (or was never taken) and was refunded once; none is left open; those without an openid went to a person, never to
 * WeChat Pay; each paid or failed once (its audit entry, by the provider for a transfer); every acknowledged
 * application and operator action present.
 */
async function checkTransfers(
  rows: <T>(text: string, values?: unknown[]) => Promise<T[]>,
  run: MoneyRun,
): Promise<{ problems: string[]; lost: number; figures: Record<string, number | string> }> {
  const problems: string[] = [];
  let lost = 0;
  const found = await rows<WithdrawalRow>(
    `select w.id::text, w.agent_id, w.amount_fen, w.fee_fen, w.status, w.account_type, w.payout_method,
            w.transfer_status, w.transfer_ref, w.transfer_error, w.transfer_check_at, w.transfer_attempts, w.reference,
            w.approvals_needed,
            (select count(*)::int from ledger_entries e where e.ref_type = 'withdrawal' and e.ref_id = w.id::text
              and e.bill_type = 7) as refunds,
            (select count(*)::int from ledger_entries e where e.ref_type = 'withdrawal' and e.ref_id = w.id::text
              and e.bill_type = 6) as debits,
            (select coalesce(sum(e.amount), 0)::text from ledger_entries e where e.ref_type = 'withdrawal'
              and e.ref_id = w.id::text and e.bill_type = 6) as debited,
            (select count(*)::int from audit_log a where a.target_type = 'withdrawal' and a.target_id = w.id::text
              and a.action = 'withdrawal.pay') as pays,
            (select count(*)::int from audit_log a where a.target_type = 'withdrawal' and a.target_id = w.id::text
              and a.action = 'withdrawal.fail') as fails,
            (select count(*)::int from audit_log a where a.target_type = 'withdrawal' and a.target_id = w.id::text
              and a.action = 'withdrawal.pay' and a.operator_id is not null) as paid_by_person
       from withdrawals w where w.agent_id = any($1::int[])`,
    [[...run.seeded.payees, run.seeded.handPayee].map((a) => a.agentId)],
  );
  const byId = new Map(found.map((w) => [w.id, w]));
  /** What is wrong, by kind, with an example or three each. */
  const wrong = new Map<string, string[]>();
  const say = (kind: string, example: string) => wrong.set(kind, [...(wrong.get(kind) ?? []), example]);
  const of = (w: WithdrawalRow, detail = '') =>
    `${w.id} (${w.status}, ${w.payout_method ?? 'hand'}, ${w.transfer_status}${detail ? `, ${detail}` : ''})`;
  const absent = run.withdrawals.filter(
    (w) => byId.get(w.id)?.agent_id !== w.agentId || Number(byId.get(w.id)?.amount_fen) !== w.amountFen,
  );
  lost += absent.length;
  if (absent.length > 0)
    problems.push(
      `withdrawals acknowledged but not in the database: ${absent
        .slice(0, 5)
        .map((w) => w.id)
        .join(', ')}`,
    );
  // The stand-in's transfers, each a withdrawal of ours, as it stands there.
  for (const [no, made] of run.standIn.transfers) {
    const id = withdrawalIdOf(no);
    const w = id === null ? undefined : byId.get(String(id));
    const state = made.bill.state;
    if (!w) {
      say(
        'transfers at WeChat Pay that are no withdrawal of the phase (a second transfer?)',
        `${no} ${state}`,
      );
      continue;
    }
    const payout = Number(w.amount_fen) - Number(w.fee_fen);
    if (made.request.transfer_amount !== payout)
      say(
        'transfers of another amount than the withdrawal less its fee',
        of(w, `${made.request.transfer_amount}`),
      );
    if ((made.userName !== undefined) !== made.request.transfer_amount >= 200_000)
      say('transfers naming their payee otherwise than from 2,000 yuan', of(w, `${payout} fen`));
    if (state === 'SUCCESS' && !(w.status === 'paid' && w.reference === made.bill.transfer_bill_no))
      say('paid at WeChat Pay, not paid here with its transfer_bill_no', of(w, `reference ${w.reference}`));
    if ((state === 'FAIL' || state === 'CANCELLED') && w.status !== 'failed')
      say('failed at WeChat Pay, not failed here', of(w, state));
    if (OPEN_TRANSFER.has(state)) say('transfers still open at WeChat Pay', of(w, state));
  }
  // Ours, each as the stand-in has it; the ledger and the audit log once.
  for (const w of found) {
    const made = run.standIn.transfers.get(transferIdOf(Number(w.id)));
    if (w.payout_method === 'transfer') {
      if (w.status === 'paid' && made?.bill.state !== 'SUCCESS')
        say('paid here, not at WeChat Pay', of(w, made?.bill.state ?? 'no transfer'));
      if (w.status === 'failed' && made && !['FAIL', 'CANCELLED'].includes(made.bill.state))
        say('failed here, not at WeChat Pay', of(w, made.bill.state));
      if (w.status === 'failed' && !made && !w.transfer_error)
        say('failed here, never sent, without a reason', of(w));
      if (w.status === 'paid' && w.paid_by_person > 0)
        say('paid by a person while the queue had their transfer', of(w));
      if (w.status === 'approved')
        say(
          'transfers left open here',
          of(w, `next look ${w.transfer_check_at?.toISOString() ?? 'none'} ${w.transfer_error ?? ''}`),
        );
    } else {
      if (w.account_type === 'wechat' && w.agent_id !== run.seeded.handPayee.agentId)
        say('WeChat withdrawals of agents with an openid not paid by transfer', of(w));
      if (w.agent_id === run.seeded.handPayee.agentId && w.transfer_error !== 'NO_OPENID')
        say('withdrawals without an openid not marked NO_OPENID', of(w, `${w.transfer_error}`));
      if (made) say('paid by hand, and WeChat Pay has a transfer of them', of(w, made.bill.state));
    }
    if (w.status === 'pending' || (w.status === 'approved' && w.payout_method !== 'transfer'))
      say('withdrawals not drained (pending, or approved to be paid by hand)', of(w));
    if (w.refunds !== (w.status === 'failed' || w.status === 'rejected' ? 1 : 0))
      say(
        'withdrawals refunded other than once when failed or rejected, never otherwise',
        of(w, `${w.refunds}`),
      );
    if (w.debits !== 1 || Number(w.debited) !== -Number(w.amount_fen))
      say('withdrawals debited other than once by their amount', of(w, `${w.debits}: ${w.debited}`));
    if (w.pays !== (w.status === 'paid' ? 1 : 0) || w.fails !== (w.status === 'failed' ? 1 : 0))
      say(
        'withdrawals audited other than one payment when paid, one failure when failed',
        of(w, `${w.pays}/${w.fails}`),
      );
  }
  for (const [kind, examples] of wrong)
    problems.push(`${kind}: ${examples.length} (${examples.slice(0, 3).join('; ')})`);
  const refusedThere = run.standIn.received.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === TRANSFERS_PATH &&
      r.error !== undefined &&
      !r.error.startsWith('fault: '),
  );
  if (refusedThere.length > 0)
    problems.push(
      `transfer requests WeChat Pay refused: ${refusedThere.length} (${refusedThere
        .slice(0, 3)
        .map((r) => r.error)
        .join('; ')})`,
    );
  // Every acknowledged operator action on the queue, in the database.
  const missing: string[] = [];
  for (const op of run.ops.filter((o) => o.outcome === 'acked')) {
    if (op.path === 'admin/withdrawals/approve') {
      const [approval] = await rows<{ n: number }>(
        'select count(*)::int as n from withdrawal_approvals where withdrawal_id = $1 and operator_id = $2',
        [op.body.id, op.operatorId],
      );
      if (approval?.n !== 1) missing.push(`${op.kind} ${String(op.body.id)}`);
    } else if (op.path === 'admin/withdrawals/pay') {
      const w = byId.get(String(op.body.id));
      if (w?.status !== 'paid' || w.reference !== op.body.reference)
        missing.push(`${op.kind} ${String(op.body.id)}`);
    }
  }
  lost += missing.length;
  if (missing.length > 0)
    problems.push(
      `withdrawal actions acknowledged but not in the database: ${missing.slice(0, 5).join('; ')}`,
    );
  const count = (test: (w: WithdrawalRow) => boolean) => found.filter(test).length;
  return {
    problems,
    lost,
    figures: {
      'withdrawals to WeChat': found.length,
      'by transfer / by hand (no openid)': `${count((w) => w.payout_method === 'transfer')} / ${count((w) => w.payout_method !== 'transfer')}`,
      'withdrawals needing two operators': count((w) => w.approvals_needed === 2),
      'paid by transfer / failed and refunded': `${count((w) => w.payout_method === 'transfer' && w.status === 'paid')} / ${count((w) => w.payout_method === 'transfer' && w.status === 'failed')}`,
      'paid by hand': count((w) => w.payout_method !== 'transfer' && w.status === 'paid'),
    },
  };
}

/** Open refunds and transfers here and at the stand-in, for the recovery's progress. */
async function openCounts(url: string, run: MoneyRun) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{
      approved: string;
      processing: string;
      overdue: string;
      transfers: string;
      waiting: string;
    }>(
      `select count(*) filter (where status = 'approved')::text as approved,
              count(*) filter (where status = 'processing')::text as processing,
              coalesce(extract(epoch from now() - min(check_at) filter (where status in ('approved', 'processing'))), 0)::int::text as overdue,
              (select count(*) from withdrawals where status = 'approved' and payout_method = 'transfer')::text as transfers,
              (select count(*) from withdrawals where status = 'approved' and payout_method = 'transfer'
                  and transfer_status = 'waitUserConfirm')::text as waiting
         from refunds`,
    );
    const row = rows[0];
    return {
      approved: Number(row?.approved ?? 0),
      processing: Number(row?.processing ?? 0),
      overdue: Number(row?.overdue ?? 0),
      transfers: Number(row?.transfers ?? 0),
      waiting: Number(row?.waiting ?? 0),
      refundsThere: [...run.standIn.refunds.values()].filter((r) => r.refund.status === 'PROCESSING').length,
      transfersThere: [...run.standIn.transfers.values()].filter((t) => OPEN_TRANSFER.has(t.bill.state))
        .length,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A transfer waiting for its payee is asked about every 10 minutes (decision 046): one whose notification was lost
 * would keep the run that long. After the patience its next look is moved to a minute ago, as if the 10 minutes had
 * passed, and the minute's sweep gives it its job. Only the 10-minute looks move, never a claim held by a worker.
 */
async function bringForward(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const moved = await client.query(
      `update withdrawals set transfer_check_at = now() - interval '61 seconds'
        where status = 'approved' and payout_method = 'transfer' and transfer_status = 'waitUserConfirm'
          and transfer_check_at > now() + interval '150 seconds'`,
    );
    return moved.rowCount ?? 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function runMoneyOut(ctx: MoneyOutContext): Promise<MoneyOutReport> {
  const { log } = ctx;
  log('money out: seeding a tree with empty balances, 17 buyers, 9 agents to pay out, the options...');
  const seeded = await seedMoney(ctx.url);
  const standIn = new WechatPayStandIn(makeWechatPayKeys());
  await standIn.start();
  const doors = [new ProviderDoor(standIn), new ProviderDoor(standIn)];
  await Promise.all(doors.map((door) => door.start()));
  const servers: MoneyServer[] = [];
  for (const [i, name] of ['money-A', 'money-B'].entries()) {
    const door = doors[i] as ProviderDoor;
    const server = await ctx.newServer(name, wechatPayEnv(standIn.keys, door.url));
    door.server = server;
    servers.push(server);
  }
  log(
    `money out: WeChat Pay's stand-in at ${standIn.baseUrl}; starting servers money-A and money-B on it...`,
  );
  await Promise.all(servers.map((s) => s.start()));
  const run = new MoneyRun(ctx, seeded, standIn, servers);
  for (const door of doors) door.intercept = run.interceptFor(door);
  let restarting = 0;
  for (const server of servers)
    server.onUnexpectedExit = () => {
      restarting++;
      void server
        .startWithRetries(Date.now() + 60_000)
        .catch((error: unknown) => log(String(error)))
        .finally(() => restarting--);
    };
  const close = async () => {
    for (const door of doors) await door.stop();
    await standIn.stop();
  };

  const started = Date.now();
  const settler = run.settler();
  try {
    log(`money out: ${ORDERS} orders bought and paid at WeChat Pay...`);
    run.loadEnd = Date.now() + 120_000;
    const queue = Array.from({ length: ORDERS }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift())
          await run.buyAndPay(seeded.buyers[i % seeded.buyers.length] as Buyer, 1 + (i % 3));
      }),
    );

    run.phase = 'load';
    run.faultsOn = true;
    run.loadEnd = Date.now() + SECONDS * 1000;
    log(
      `money out: ${SECONDS} s of refunds and withdrawal approvals by ${ctx.operators.length * 2} operator clients, ` +
        `purchases by 6 buyers, WeChat withdrawals by 9 agents; WeChat Pay failing refunds and transfers, notifying ` +
        `twice or never; ${KILLS} kills -9 at random, ${ACT_KILLS} right after WeChat Pay acted`,
    );
    await Promise.all([
      ...ctx.operators.flatMap((operator) => [run.operatorLoop(operator), run.operatorLoop(operator)]),
      ...seeded.buyers.slice(0, 6).map((buyer) => run.buyerLoop(buyer)),
      run.spenderLoop(),
      run.spenderLoop(),
      run.payeeLoop(),
      run.payeeLoop(),
      run.providerFaults('refund'),
      run.providerFaults('transfer'),
      run.randomKills(),
      run.armKillsAfterActing(),
    ]);
    run.faultsOn = false;
    run.armed.refund = 0;
    run.armed.transfer = 0;
    while (restarting > 0 || servers.some((s) => !s.ready)) await sleep(200);

    run.phase = 'drain';
    log('money out: faults off; what waits for an operator approved, rejected or paid by hand...');
    await run.drain();
    await run.drainWithdrawals();

    run.phase = 'recovery';
    const recoveryFrom = Date.now();
    log(
      `money out: waiting (at most ${RECOVERY_SECONDS} s) for the queue to settle every refund and transfer on its own...`,
    );
    let lastLog = 0;
    let settledAfter: number | undefined;
    let patient = true;
    for (;;) {
      const open = await openCounts(ctx.url, run);
      const waited = (Date.now() - recoveryFrom) / 1000;
      if (open.approved + open.processing + open.transfers + open.refundsThere + open.transfersThere === 0) {
        settledAfter = waited;
        break;
      }
      if (waited > RECOVERY_SECONDS) break;
      if (patient && waited > PATIENCE_SECONDS) {
        patient = false;
        run.broughtForward = await bringForward(ctx.url);
        if (run.broughtForward > 0)
          log(
            `  ${run.broughtForward} transfers waiting for their payee after ${PATIENCE_SECONDS} s (their ` +
              'notification lost): their 10-minute look moved to now',
          );
      }
      if (Date.now() - lastLog > 15_000) {
        lastLog = Date.now();
        log(
          `  ${waited.toFixed(0)} s: refunds open here ${open.approved} approved, ${open.processing} processing ` +
            `(the oldest due ${open.overdue} s ago, negative: not yet), at WeChat Pay ${open.refundsThere}; ` +
            `transfers open here ${open.transfers} (${open.waiting} waiting for the payee), at WeChat Pay ${open.transfersThere}`,
        );
      }
      await sleep(2000);
    }
    await run.stopSettler();
    await settler;
    await run.pool.end();
    log(
      settledAfter === undefined
        ? `money out: NOT everything settled within ${RECOVERY_SECONDS} s`
        : `money out: every refund and transfer settled ${settledAfter.toFixed(0)} s after the faults ended`,
    );

    const { problems, lost, figures } = await check(ctx.url, run);
    problems.unshift(...run.anomalies);
    const crashes = servers.reduce((n, s) => n + s.crashes, 0);
    if (crashes > 0) problems.push(`servers that died on their own: ${crashes}`);
    const creates = run.ops.filter(
      (o) => o.path === 'admin/refunds/create' && o.kind !== 'repeat' && o.kind !== 'race',
    );
    const acked = (path: string) => run.ops.filter((o) => o.path === path && o.outcome === 'acked').length;
    const faults = (path: string) =>
      Object.entries(run.faultsTaken(path))
        .map(([fault, n]) => `${fault} ${n}`)
        .join(', ');
    const requests = (path: string) =>
      `${standIn.received.filter((r) => r.method === 'POST' && r.path === path).length} (${standIn.received.filter((r) => r.method === 'GET' && r.path.startsWith(`${path}/`)).length})`;
    const notified = (n: MoneyRun['notifications']['refund']) =>
      `${n.sent} / ${n.taken} / ${n.duplicated} / ${n.never} / ${n.unreachable}`;
    const report: Record<string, number | string> = {
      'orders paid': run.ordersPaid,
      'exchanges by the tree (balance spent)': run.exchanges,
      'refunds asked': creates.length,
      'asked: acknowledged / refused / unresolved': `${creates.filter((o) => o.outcome === 'acked').length} / ${creates.filter((o) => o.outcome === 'refused').length} / ${creates.filter((o) => o.outcome === 'unresolved').length}`,
      'repeats and racing copies': run.ops.filter((o) => o.kind === 'repeat' || o.kind === 'race').length,
      'refund approvals / rejections': `${acked('admin/refunds/approve')} / ${acked('admin/refunds/reject')}`,
      ...figures,
      'refunds at WeChat Pay': standIn.refunds.size,
      'settled there: SUCCESS / CLOSED / ABNORMAL': `${run.settled.SUCCESS} / ${run.settled.CLOSED} / ${run.settled.ABNORMAL}`,
      'refund requests there (queries)': requests(REFUNDS_PATH),
      'refund faults injected': faults(REFUNDS_PATH),
      'refund notifications sent / taken / duplicated / never / unreachable': notified(
        run.notifications.refund,
      ),
      'withdrawal approvals / paid by hand': `${acked('admin/withdrawals/approve')} / ${acked('admin/withdrawals/pay')}`,
      'transfers at WeChat Pay': standIn.transfers.size,
      'transfers answered': Object.entries(run.answered)
        .map(([state, n]) => `${state} ${n}`)
        .join(', '),
      'payees: confirmed / failed': `${run.confirmed.succeeded} / ${run.confirmed.failed}`,
      'transfer requests there (queries)': requests(TRANSFERS_PATH),
      'transfer faults injected': faults(TRANSFERS_PATH),
      'transfer notifications sent / taken / duplicated / never / unreachable': notified(
        run.notifications.transfer,
      ),
      'transfers waiting for the payee asked early': run.broughtForward,
      'kills -9: random / refund made / transfer made': `${run.kills.random} / ${run.kills.refundMade} / ${run.kills.transferMade}`,
      'server crashes': crashes,
      'client errors retried': run.transientErrors,
      'settled after the faults (s)':
        settledAfter === undefined ? `not within ${RECOVERY_SECONDS}` : Math.round(settledAfter),
      'phase (s)': Math.round((Date.now() - started) / 1000),
      lost,
      problems: problems.length,
    };
    console.table(report);
    for (const problem of problems.slice(0, 20)) log(`  MONEY ${problem}`);
    log(
      problems.length === 0
        ? 'money out: every refund and transfer made once and recorded once, every clawback by the rule, every invariant held, 0 lost'
        : `money out: FAILED, ${problems.length} problems (above)`,
    );
    return { figures: report, problems, lost, close };
  } catch (error) {
    run.settlerOn = false;
    await close();
    throw error;
  }
}
