import inbox from '../locales/inbox/it.json';
import money from '../locales/money/it.json';
import payout from '../locales/payout/it.json';
import profile from '../locales/profile/it.json';
import shop from '../locales/shop/it.json';
import type { AgentAreaTexts } from '../resources';

export default { money, shop, payout, profile, inbox } satisfies AgentAreaTexts;
