import shell from '../locales/fr.json';
import identity from '../locales/identity/fr.json';
import inbox from '../locales/inbox/fr.json';
import money from '../locales/money/fr.json';
import payout from '../locales/payout/fr.json';
import profile from '../locales/profile/fr.json';
import shop from '../locales/shop/fr.json';
import type { AgentTexts } from '../resources';

export default { ...shell, money, identity, shop, payout, profile, inbox } satisfies AgentTexts;
