import inbox from '../locales/inbox/en.json';
import money from '../locales/money/en.json';
import payout from '../locales/payout/en.json';
import profile from '../locales/profile/en.json';
import shop from '../locales/shop/en.json';
import type { AgentAreaTexts } from '../resources';

export default { money, shop, payout, profile, inbox } satisfies AgentAreaTexts;
