import shell from '../locales/en.json';
import identity from '../locales/identity/en.json';
import inbox from '../locales/inbox/en.json';
import money from '../locales/money/en.json';
import payout from '../locales/payout/en.json';
import profile from '../locales/profile/en.json';
import shop from '../locales/shop/en.json';
import type { AgentTexts } from '../resources';

export default { ...shell, money, identity, shop, payout, profile, inbox } satisfies AgentTexts;
