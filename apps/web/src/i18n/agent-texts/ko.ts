import shell from '../locales/ko.json';
import identity from '../locales/identity/ko.json';
import inbox from '../locales/inbox/ko.json';
import money from '../locales/money/ko.json';
import payout from '../locales/payout/ko.json';
import profile from '../locales/profile/ko.json';
import shop from '../locales/shop/ko.json';
import type { AgentTexts } from '../resources';

export default { ...shell, money, identity, shop, payout, profile, inbox } satisfies AgentTexts;
