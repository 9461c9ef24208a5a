import inbox from '../locales/inbox/sp.json';
import money from '../locales/money/sp.json';
import payout from '../locales/payout/sp.json';
import profile from '../locales/profile/sp.json';
import shop from '../locales/shop/sp.json';
import type { AgentAreaTexts } from '../resources';

export default { money, shop, payout, profile, inbox } satisfies AgentAreaTexts;
