import shell from '../locales/sp.json';
import identity from '../locales/identity/sp.json';
import inbox from '../locales/inbox/sp.json';
import money from '../locales/money/sp.json';
import payout from '../locales/payout/sp.json';
import profile from '../locales/profile/sp.json';
import shop from '../locales/shop/sp.json';
import type { AgentTexts } from '../resources';

export default { ...shell, money, identity, shop, payout, profile, inbox } satisfies AgentTexts;
