import inbox from '../locales/inbox/he.json';
import money from '../locales/money/he.json';
import payout from '../locales/payout/he.json';
import profile from '../locales/profile/he.json';
import shop from '../locales/shop/he.json';
import type { AgentAreaTexts } from '../resources';

export default { money, shop, payout, profile, inbox } satisfies AgentAreaTexts;
