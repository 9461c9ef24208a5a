import shell from '../locales/cn.json';
import identity from '../locales/identity/cn.json';
import inbox from '../locales/inbox/cn.json';
import money from '../locales/money/cn.json';
import payout from '../locales/payout/cn.json';
import profile from '../locales/profile/cn.json';
import shop from '../locales/shop/cn.json';
import type { AgentTexts } from '../resources';

export default { ...shell, money, identity, shop, payout, profile, inbox } satisfies AgentTexts;
