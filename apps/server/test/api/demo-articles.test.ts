import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../src/db/schema';
import { DEMO_ARTICLES } from '../../src/seed/demo-articles';
import { completeDemoArticles } from '../../src/seed/demo-seed';
import { api, build, type TestApp } from '../helper';

/**
 * A demo seeded before its articles had every language: the next start completes them (the Japanese help page read
 * Chinese), without touching what an operator wrote.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

const demo = (slug: string) => DEMO_ARTICLES.find((article) => article.slug === slug)!;
const read = (slug: string, lang: string) =>
  api(t.app, 'readArticle', { input: { slug }, headers: { 'x-lang': lang } });

describe('completing the demo articles of an older demo', () => {
  it('adds the missing versions of the seed, keeps the versions present and the articles operators rewrote', async () => {
    const help = demo('help');
    const index = demo('platform-index');
    const desc = demo('agent-desc');
    const operatorsEn = { title: 'Help', content: 'Written by the operator' };
    // As older demos seeded them: Chinese and English; one rewritten by an operator since.
    await t.db.insert(articles).values([
      { slug: help.slug, title: help.title, content: help.content, translations: { en: operatorsEn } },
      { slug: index.slug, title: index.title, content: index.content, translations: {} },
      { slug: desc.slug, title: '新的说明', content: '运营改写的内容', translations: {} },
    ]);
    expect((await read('help', 'ja')).data.title).toBe(help.title);

    expect(await completeDemoArticles(t.db)).toBe(2);

    expect((await read('help', 'ja')).data).toMatchObject(help.translations.ja);
    expect((await read('help', 'ar')).data).toMatchObject(help.translations.ar);
    expect((await read('help', 'en')).data).toMatchObject(operatorsEn);
    expect((await read('platform-index', 'ko')).data).toMatchObject(index.translations.ko);
    const [rewritten] = await t.db.select().from(articles).where(eq(articles.slug, desc.slug));
    expect(rewritten?.translations).toEqual({});
    // Once complete, nothing more to do.
    expect(await completeDemoArticles(t.db)).toBe(0);
  });
});
