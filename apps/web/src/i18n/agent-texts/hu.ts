import shell from '../locales/hu.json';
import identity from '../locales/identity/hu.json';
import inbox from '../locales/inbox/hu.json';
import money from '../locales/money/hu.json';
import payout from '../locales/payout/hu.json';
import profile from '../locales/profile/hu.json';
import shop from '../locales/shop/hu.json';
import type { AgentTexts } from '../resources';

export default { ...shell, money, identity, shop, payout, profile, inbox } satisfies AgentTexts;
