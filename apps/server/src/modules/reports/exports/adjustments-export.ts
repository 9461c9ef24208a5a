import { fenToMoney } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { adjustments, operators } from '../../../db/schema';
import { adjustmentFilter } from '../../backoffice/adjustment-service';
import { listExport, localTime } from './export-source';

const creator = alias(operators, 'creator');
const decider = alias(operators, 'decider');

/** Yuan for the balance, whole diamonds for diamonds; the change signed. */
const value = (r: { currency: 'balance' | 'diamonds' }, fenOrDiamonds: number | null) =>
  fenOrDiamonds === null ? null : r.currency === 'balance' ? fenToMoney(fenOrDiamonds) : fenOrDiamonds;

/** The manual adjustments as their list filters them, newest first by id, with who made and who decided each. */
export const adjustmentSource = listExport({
  select: ({ db, timeZone }) =>
    db
      .select({
        id: adjustments.id,
        ownerType: adjustments.ownerType,
        ownerId: adjustments.ownerId,
        currency: adjustments.currency,
        amount: adjustments.amount,
        reason: adjustments.reason,
        status: adjustments.status,
        createdBy: creator.name,
        decidedBy: decider.name,
        rejectReason: adjustments.rejectReason,
        valueBefore: adjustments.valueBefore,
        valueAfter: adjustments.valueAfter,
        createdAt: localTime(adjustments.createdAt, timeZone),
        decidedAt: localTime(adjustments.decidedAt, timeZone),
      })
      .from(adjustments)
      .innerJoin(creator, eq(creator.id, adjustments.createdBy))
      .leftJoin(decider, eq(decider.id, adjustments.decidedBy)),
  filter: adjustmentFilter,
  columns: ({ t, plain, text }) => [
    plain('csvAdjustmentId', (r) => r.id),
    plain('csvCreatedAt', (r) => r.createdAt),
    plain('csvOwnerType', (r) => t(`csvOwner_${r.ownerType}`)),
    plain('csvOwnerId', (r) => r.ownerId),
    plain('csvCurrency', (r) => t(`csvCurrency_${r.currency}`)),
    plain('csvChange', (r) => value(r, r.amount)),
    text('csvReason', (r) => r.reason),
    plain('csvStatus', (r) => t(`csvAdjustment_${r.status}`)),
    text('csvCreatedBy', (r) => r.createdBy),
    text('csvDecidedBy', (r) => r.decidedBy),
    plain('csvReviewedAt', (r) => r.decidedAt),
    text('csvRejectReason', (r) => r.rejectReason),
    plain('csvValueBefore', (r) => value(r, r.valueBefore)),
    plain('csvValueAfter', (r) => value(r, r.valueAfter)),
  ],
  id: [adjustments.id, (r) => r.id],
});
