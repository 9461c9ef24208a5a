import inbox from '../locales/inbox/cn.json';
import money from '../locales/money/cn.json';
import payout from '../locales/payout/cn.json';
import profile from '../locales/profile/cn.json';
import shop from '../locales/shop/cn.json';
import type { AgentAreaTexts } from '../resources';

export default { money, shop, payout, profile, inbox } satisfies AgentAreaTexts;
