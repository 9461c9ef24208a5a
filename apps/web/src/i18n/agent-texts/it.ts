import shell from '../locales/it.json';
import identity from '../locales/identity/it.json';
import inbox from '../locales/inbox/it.json';
import money from '../locales/money/it.json';
import payout from '../locales/payout/it.json';
import profile from '../locales/profile/it.json';
import shop from '../locales/shop/it.json';
import type { AgentTexts } from '../resources';

export default { ...shell, money, identity, shop, payout, profile, inbox } satisfies AgentTexts;
