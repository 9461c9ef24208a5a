import shell from '../locales/he.json';
import identity from '../locales/identity/he.json';
import inbox from '../locales/inbox/he.json';
import money from '../locales/money/he.json';
import payout from '../locales/payout/he.json';
import profile from '../locales/profile/he.json';
import shop from '../locales/shop/he.json';
import type { AgentTexts } from '../resources';

export default { ...shell, money, identity, shop, payout, profile, inbox } satisfies AgentTexts;
