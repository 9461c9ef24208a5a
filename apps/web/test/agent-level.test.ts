import { describe, expect, it } from 'vitest';
import { levelLabelKey, localTitleKey } from '../src/lib/agent-level';
import cn from '../src/i18n/locales/cn.json';

describe('agent level readings', () => {
  it('labels levels 1 diamond, 2 gold, 3 silver', () => {
    expect([1, 2, 3].map((l) => cn.level[String(l) as '1' | '2' | '3'])).toEqual(['钻石', '黄金', '白银']);
    expect(levelLabelKey(1)).toBe('level.1');
    expect(levelLabelKey(3)).toBe('level.3');
  });

  it('keeps the local title list gold, silver, ordinary promoter by position', () => {
    expect(localTitleKey(1)).toBe('title.gold');
    expect(localTitleKey(2)).toBe('title.silver');
    expect(localTitleKey(3)).toBe('title.ordinary');
    expect([cn.title.gold, cn.title.silver, cn.title.ordinary]).toEqual([
      '金牌推广员',
      '银牌推广员',
      '普通推广员',
    ]);
  });
});
