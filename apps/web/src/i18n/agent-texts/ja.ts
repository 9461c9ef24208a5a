import shell from '../locales/ja.json';
import identity from '../locales/identity/ja.json';
import inbox from '../locales/inbox/ja.json';
import money from '../locales/money/ja.json';
import payout from '../locales/payout/ja.json';
import profile from '../locales/profile/ja.json';
import shop from '../locales/shop/ja.json';
import type { AgentTexts } from '../resources';

export default { ...shell, money, identity, shop, payout, profile, inbox } satisfies AgentTexts;
