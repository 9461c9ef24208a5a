import inbox from '../locales/inbox/ru.json';
import money from '../locales/money/ru.json';
import payout from '../locales/payout/ru.json';
import profile from '../locales/profile/ru.json';
import shop from '../locales/shop/ru.json';
import type { AgentAreaTexts } from '../resources';

export default { money, shop, payout, profile, inbox } satisfies AgentAreaTexts;
