import shell from '../locales/ru.json';
import identity from '../locales/identity/ru.json';
import inbox from '../locales/inbox/ru.json';
import money from '../locales/money/ru.json';
import payout from '../locales/payout/ru.json';
import profile from '../locales/profile/ru.json';
import shop from '../locales/shop/ru.json';
import type { AgentTexts } from '../resources';

export default { ...shell, money, identity, shop, payout, profile, inbox } satisfies AgentTexts;
