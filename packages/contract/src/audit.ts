import { z } from 'zod';

/**
 * Every action the audit log records (decision 037): the server's recordAudit takes only these, the console translates
 * each one (`admin.auditActions.<action with _ for .>`) and offers them as the log's filter.
 */
export const AUDIT_ACTIONS = [
  'login',
  'login.failed',
  'login.throttled',
  'logout',
  'password.change',
  'call.denied',
  'operator.create',
  'operator.update',
  'operator.reset',
  'operator.revokeSessions',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.pay',
  'withdrawal.fail',
  'withdrawal.revealAccount',
  'adjustment.create',
  'adjustment.apply',
  'adjustment.reject',
  'agent.approve',
  'agent.refuse',
  'agent.freeze',
  'agent.unfreeze',
  'agent.changeLevel',
  'agent.move',
  'agent.resetPassword',
  'agent.revokeSessions',
  'player.unbind',
  'order.release',
  'options.update',
  'category.create',
  'category.update',
  'category.delete',
  'category.reorder',
  'goods.create',
  'goods.update',
  'goods.setActive',
  'goods.reorder',
  'announcement.create',
  'announcement.update',
  'announcement.withdraw',
  'article.create',
  'article.update',
  'report.export',
  'game.retry',
  'game.retryAll',
  'game.pause',
  'game.resume',
  'game.test',
  'game.rotateSecret',
  'game.finishRotation',
] as const;
export const ZAuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof ZAuditAction>;

/** What an audit entry may be about: the console's filter and each page's history tab. */
export const AUDIT_TARGET_TYPES = [
  'operator',
  'withdrawal',
  'adjustment',
  'agent',
  'player',
  'order',
  'option',
  'category',
  'goods',
  'announcement',
  'article',
  'export',
  'call',
  'gameEvent',
  'gameEndpoint',
] as const;
export const ZAuditTargetType = z.enum(AUDIT_TARGET_TYPES);
export type AuditTargetType = z.infer<typeof ZAuditTargetType>;
