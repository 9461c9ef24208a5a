import inbox from '../locales/inbox/ko.json';
import money from '../locales/money/ko.json';
import payout from '../locales/payout/ko.json';
import profile from '../locales/profile/ko.json';
import shop from '../locales/shop/ko.json';
import type { AgentAreaTexts } from '../resources';

export default { money, shop, payout, profile, inbox } satisfies AgentAreaTexts;
