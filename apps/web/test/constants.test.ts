import { ACCOUNT_MASK_HIDDEN, maskAccountNumber } from '@promoter/contract';
import { describe, expect, it } from 'vitest';
import * as constants from '../src/config/constants';
import { ROUTE_ANIMATIONS } from '../src/config/themes';
import { DEFAULT_LANGUAGE_INDEX, LANGUAGES } from '../src/i18n/languages';
import { truncate } from '../src/lib/format';
import cn from '../src/i18n/locales/cn.json';
import { levelLabelKey } from '../src/lib/agent-level';

/**
 * SPEC section 9 ("Business constants and limits"), value by value, against the one constants file the code reads
 * them from (src/config/constants.ts). The left column quotes SPEC; a change of either side fails here.
 */
const SPEC_SECTION_9 = {
  'HTTP time-out 10000 ms': [constants.HTTP_TIMEOUT_MS, 10_000],
  'chunk load time-out 120000 ms': [constants.CHUNK_LOAD_TIMEOUT_MS, 120_000],
  'layout spinner 2000 ms': [constants.LAYOUT_LOADER_MS, 2_000],
  'tour starts 1000 ms after': [constants.TOUR_DELAY_MS, 1_000],
  'card reload animation 1500 ms': [constants.CARD_RELOAD_MS, 1_500],
  'scroll reset delay 200 ms': [constants.SCROLL_RESET_DELAY_MS, 200],
  'logout delay 500 ms': [constants.LOGOUT_DELAY_MS, 500],
  'login notice delay 1000 ms': [constants.LOGIN_NOTICE_DELAY_MS, 1_000],
  'counter animation 5000 ms': [constants.COUNTER_ANIMATION_MS, 5_000],
  'Sidebar width 250': [constants.SIDEBAR_WIDTH, 250],
  'collapsed width 70': [constants.SIDEBAR_COLLAPSED_WIDTH, 70],
  'Drawers: 250 horizontal layout': [constants.HORIZONTAL_DRAWER_WIDTH, 250],
  '300 customizer': [constants.CUSTOMIZER_WIDTH, 300],
  'Confirm dialog max width 500': [constants.CONFIRM_DIALOG_MAX_WIDTH, 500],
  'logout dialogs 300': [constants.LOGOUT_DIALOG_MAX_WIDTH, 300],
  'Cart dropdown scroll height 280 px': [constants.CART_DROPDOWN_HEIGHT, 280],
  'Scrollbar max length 160': [constants.SCROLLBAR_MAX_LENGTH, 160],
  'Cart total with 2 decimals': [constants.MONEY_DECIMALS, 2],
  'Default date format MM-DD-YYYY': [constants.DATE_FORMAT, 'MM-DD-YYYY'],
  'Text truncation default 100 characters': [constants.TEXT_TRUNCATE_MAX, 100],
  "with '...'": [constants.TEXT_TRUNCATE_SUFFIX, '...'],
  'sidebar menu text 18 characters': [constants.SIDEBAR_TEXT_MAX, 18],
  'Card masking hides 12 characters': [constants.CARD_MASK_HIDDEN, 12],
  'Default header language index 5': [DEFAULT_LANGUAGE_INDEX, 5],
} as const;

describe('SPEC section 9, one constants file', () => {
  it.each(Object.entries(SPEC_SECTION_9))('%s', (_, [actual, spec]) => {
    expect(actual).toBe(spec);
  });

  it('names the six route animations and the default language cn', () => {
    expect(ROUTE_ANIMATIONS).toEqual([
      'slideInUp',
      'fadeIn',
      'slideInRight',
      'bounce',
      'lightSpeedIn',
      'pulse',
    ]);
    expect(LANGUAGES[DEFAULT_LANGUAGE_INDEX].locale).toBe('cn');
  });

  it('labels the agent levels 1 diamond, 2 gold, 3 silver', () => {
    const labels = ([1, 2, 3] as const).map((level) => {
      const [, key] = levelLabelKey(level).split('.') as [string, '1' | '2' | '3'];
      return cn.level[key];
    });
    expect(labels).toEqual(['钻石', '黄金', '白银']);
  });

  it('masks a card by its 12 first characters, as the server does', () => {
    expect(ACCOUNT_MASK_HIDDEN).toBe(constants.CARD_MASK_HIDDEN);
    expect(maskAccountNumber('6222020000000015')).toBe(`${'*'.repeat(constants.CARD_MASK_HIDDEN)}0015`);
  });
});

describe('text truncation (SPEC section 9: 100 characters and ... by default)', () => {
  it('keeps a text of 100 characters, cuts a longer one at 100 and adds ...', () => {
    expect(truncate('a'.repeat(100))).toBe('a'.repeat(100));
    expect(truncate('a'.repeat(101))).toBe(`${'a'.repeat(100)}...`);
    expect(truncate('公告'.repeat(60))).toBe(`${'公告'.repeat(50)}...`);
  });

  it('counts characters, not UTF-16 units, and takes another length or ending', () => {
    expect(truncate('😀'.repeat(20), 18)).toBe(`${'😀'.repeat(18)}...`);
    expect(truncate('Withdrawal records', 18)).toBe('Withdrawal records');
    expect(truncate('Withdrawal records!', 18, '…')).toBe('Withdrawal records…');
  });
});
