import inbox from '../locales/inbox/fr.json';
import money from '../locales/money/fr.json';
import payout from '../locales/payout/fr.json';
import profile from '../locales/profile/fr.json';
import shop from '../locales/shop/fr.json';
import type { AgentAreaTexts } from '../resources';

export default { money, shop, payout, profile, inbox } satisfies AgentAreaTexts;
