import shell from '../locales/ge.json';
import identity from '../locales/identity/ge.json';
import inbox from '../locales/inbox/ge.json';
import money from '../locales/money/ge.json';
import payout from '../locales/payout/ge.json';
import profile from '../locales/profile/ge.json';
import shop from '../locales/shop/ge.json';
import type { AgentTexts } from '../resources';

export default { ...shell, money, identity, shop, payout, profile, inbox } satisfies AgentTexts;
