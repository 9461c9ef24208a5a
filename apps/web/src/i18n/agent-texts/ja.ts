import inbox from '../locales/inbox/ja.json';
import money from '../locales/money/ja.json';
import payout from '../locales/payout/ja.json';
import profile from '../locales/profile/ja.json';
import shop from '../locales/shop/ja.json';
import type { AgentAreaTexts } from '../resources';

export default { money, shop, payout, profile, inbox } satisfies AgentAreaTexts;
