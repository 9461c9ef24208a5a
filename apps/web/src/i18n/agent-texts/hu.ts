import inbox from '../locales/inbox/hu.json';
import money from '../locales/money/hu.json';
import payout from '../locales/payout/hu.json';
import profile from '../locales/profile/hu.json';
import shop from '../locales/shop/hu.json';
import type { AgentAreaTexts } from '../resources';

export default { money, shop, payout, profile, inbox } satisfies AgentAreaTexts;
