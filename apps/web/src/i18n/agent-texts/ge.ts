import inbox from '../locales/inbox/ge.json';
import money from '../locales/money/ge.json';
import payout from '../locales/payout/ge.json';
import profile from '../locales/profile/ge.json';
import shop from '../locales/shop/ge.json';
import type { AgentAreaTexts } from '../resources';

export default { money, shop, payout, profile, inbox } satisfies AgentAreaTexts;
