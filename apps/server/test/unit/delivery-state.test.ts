import { GAME_DELIVERY_STATES, ZGameDelivery } from '@promoter/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DELAYED_AFTER_MS,
  type DeliveryFacts,
  deliveryState,
  joinedDeliveryState,
} from '../../src/modules/game-delivery/delivery-state';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const state = (facts: Partial<DeliveryFacts>) =>
  deliveryState({ status: 'pending', attempts: 0, createdAt: NOW, ...facts }, NOW);

describe('what a recharge or an order shows of the game’s side', () => {
  it('is delivered once the game acknowledged it, however late or after how many tries', () => {
    expect(state({ status: 'delivered' })).toBe('delivered');
    expect(state({ status: 'delivered', attempts: 7, createdAt: ago(86_400_000) })).toBe('delivered');
  });

  it('is on its way while the event waits its first try, up to two minutes', () => {
    expect(state({})).toBe('onItsWay');
    expect(state({ createdAt: ago(1_000) })).toBe('onItsWay');
    expect(state({ createdAt: ago(DELAYED_AFTER_MS) })).toBe('onItsWay');
    expect(DELAYED_AFTER_MS).toBe(120_000);
  });

  it('is delayed past two minutes, after one failed try, and when every try failed', () => {
    expect(state({ createdAt: ago(DELAYED_AFTER_MS + 1) })).toBe('delayed');
    expect(state({ attempts: 1, createdAt: ago(5_000) })).toBe('delayed');
    expect(state({ status: 'failed', attempts: 12, createdAt: ago(86_400_000) })).toBe('delayed');
  });

  it('reads the creation time as a Date or as text', () => {
    expect(state({ createdAt: ago(DELAYED_AFTER_MS + 1).toISOString() })).toBe('delayed');
    expect(state({ createdAt: ago(10_000).toISOString() })).toBe('onItsWay');
  });

  it('always answers one of the contract’s states, and delivered exactly when the event was', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(['pending', 'delivered', 'failed'] as const)),
        fc.nat(100),
        fc.integer({ min: -60_000, max: 10 * DELAYED_AFTER_MS }),
        (status, attempts, waited) => {
          const shown = state({ status, attempts, createdAt: ago(waited) });
          expect(ZGameDelivery.parse(shown)).toBe(shown);
          expect(shown === 'delivered').toBe(status === 'delivered');
          expect(shown === 'onItsWay').toBe(
            status === 'pending' && attempts === 0 && waited <= DELAYED_AFTER_MS,
          );
        },
      ),
    );
    expect(GAME_DELIVERY_STATES).toEqual(['delivered', 'onItsWay', 'delayed']);
  });

  it('is null for a record with no event (the columns of a left join all null)', () => {
    expect(joinedDeliveryState({ status: null, attempts: null, createdAt: null }, NOW)).toBeNull();
    expect(joinedDeliveryState({ status: 'pending', attempts: '1', createdAt: ago(1_000) }, NOW)).toBe(
      'delayed',
    );
    expect(joinedDeliveryState({ status: 'pending', attempts: 0, createdAt: ago(1_000) }, NOW)).toBe(
      'onItsWay',
    );
  });
});
