import { type AgentLevel, type TAgentUser } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, players } from '../../db/schema';
import { AppError } from '../../errors';
import { consumeCaptcha } from './captcha-service';
import { hashPassword } from './password-service';
import type { ClientInfo } from './device-label';
import { createSession, revokeSession } from './session-service';
import { getOption } from '../options/options-service';
import { loadAgentUser } from '../agents/agent-queries';
import { notify } from '../notifications/notification-service';

export interface RegisterInput {
  mobile: string;
  captcha: string;
  password: string;
  from?: number;
  level?: AgentLevel;
}

/**
 * A signed-in player becomes an agent (DESIGN section 4): with `from`, the inviter's child at `level` (default the
 * inviter's level + 1, always below it); without, a level-3 agent without parent if `register.open` allows.
 * The mobile is verified by its SMS code. Answers a new agent session; the player session ends.
 */
export async function registerAgent(
  deps: { db: Db; secret: string; sessionTtlHours: number; publicUrl: string; client?: ClientInfo },
  session: { sessionId: number; playerId: number },
  input: RegisterInput,
): Promise<{ token: string; user: TAgentUser }> {
  const { db } = deps;
  const [existing] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.playerId, session.playerId));
  if (existing) throw new AppError('alreadyAgent');

  let parentId: number | null = null;
  let level: number;
  if (input.from !== undefined) {
    const [inviter] = await db
      .select({ id: agents.id, level: agents.level, status: agents.status })
      .from(agents)
      .where(eq(agents.id, input.from));
    if (!inviter || inviter.status !== 'active') throw new AppError('agentNotFound');
    level = input.level ?? inviter.level + 1;
    if (level <= inviter.level || level > 3) throw new AppError('inviterNotAllowed');
    parentId = inviter.id;
  } else {
    if ((await getOption(db, 'register.open')) !== 'true') throw new AppError('registerClosed');
    if (input.level !== undefined && input.level !== 3) throw new AppError('inviterNotAllowed');
    level = 3;
  }
  const [owner] = await db.select({ id: players.id }).from(players).where(eq(players.mobile, input.mobile));
  if (owner && owner.id !== session.playerId) throw new AppError('mobileTaken');

  // Read before the code is spent: a platform that reviews registrations lets the new agent wait as 'pending'.
  const status = (await getOption(db, 'register.review')) === 'true' ? 'pending' : 'active';
  await consumeCaptcha(deps, input.mobile, 'register', input.captcha);
  // Hashed with no transaction open (argon2 takes 64 MiB and tens of milliseconds).
  const passwordHash = await hashPassword(input.password);
  const agentId = await db.transaction(async (tx) => {
    // Checked again where it is written: another player may have taken the mobile since the first look.
    const [taken] = await tx
      .select({ id: players.id })
      .from(players)
      .where(eq(players.mobile, input.mobile))
      .for('update');
    if (taken && taken.id !== session.playerId) throw new AppError('mobileTaken');
    if (parentId !== null) {
      // Read again and locked where the child is written: an operator's change of the inviter's level waits for it,
      // or it for the change, whose new level it then checks (decision 018). FOR NO KEY UPDATE, not FOR SHARE: the
      // new row adds to the inviter's team size (triggers agents_team_size_*, decision 024), so two registrations under
      // one inviter queue here instead of deadlocking on that update.
      const [inviter] = await tx
        .select({ level: agents.level, status: agents.status })
        .from(agents)
        .where(eq(agents.id, parentId))
        .for('no key update');
      if (!inviter || inviter.status !== 'active') throw new AppError('agentNotFound');
      if (level <= inviter.level) throw new AppError('inviterNotAllowed');
    }
    const [player] = await tx
      .update(players)
      .set({ mobile: input.mobile, updatedAt: sql`now()` })
      .where(eq(players.id, session.playerId))
      .returning({ nickname: players.nickname });
    const [row] = await tx
      .insert(agents)
      .values({ playerId: session.playerId, level, parentId, passwordHash, status })
      .onConflictDoNothing()
      .returning({ id: agents.id });
    if (!row) throw new AppError('alreadyAgent');
    // The inviter hears of its new sub-agent with the registration itself (of a reviewed one, at its approval).
    if (parentId !== null && status === 'active')
      await notify(tx, {
        agentId: parentId,
        kind: 'subAgentJoined',
        params: { agentId: row.id, nickname: player?.nickname ?? '' },
        ref: { type: 'agent', id: String(row.id) },
      });
    await revokeSession(tx, session.sessionId);
    return row.id;
  });
  const token = await createSession(
    db,
    { playerId: session.playerId, agentId },
    deps.sessionTtlHours,
    deps.client,
  );
  return { token, user: await loadAgentUser(db, agentId, deps.publicUrl) };
}
