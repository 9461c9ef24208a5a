import shell from '../locales/ar.json';
import identity from '../locales/identity/ar.json';
import inbox from '../locales/inbox/ar.json';
import money from '../locales/money/ar.json';
import payout from '../locales/payout/ar.json';
import profile from '../locales/profile/ar.json';
import shop from '../locales/shop/ar.json';
import type { AgentTexts } from '../resources';

export default { ...shell, money, identity, shop, payout, profile, inbox } satisfies AgentTexts;
