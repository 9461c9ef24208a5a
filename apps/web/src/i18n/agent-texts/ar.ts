import inbox from '../locales/inbox/ar.json';
import money from '../locales/money/ar.json';
import payout from '../locales/payout/ar.json';
import profile from '../locales/profile/ar.json';
import shop from '../locales/shop/ar.json';
import type { AgentAreaTexts } from '../resources';

export default { money, shop, payout, profile, inbox } satisfies AgentAreaTexts;
