import { calls, ResponseCode } from '@promoter/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiUnchecked } from '../helper';
import { asOperator } from '../operator-factories';
import { adminApi, signInOperators, useAdminTestApp } from './admin-support';

/**
 * The console's articles and announcements (decision 018): Chinese in the row, other languages beside it,
 * the agent reading its own; each save a compare-and-set on the version the operator started from, audited.
 */
const t = useAdminTestApp();
const admin = adminApi(t);
let owner: string;
let support: string;
let finance: string;
let viewer: string;
beforeAll(async () => {
  [owner, support, finance, viewer] = await signInOperators(t, ['owner', 'support', 'finance', 'viewer']);
});

async function auditOf(action: string, targetId: string) {
  const answer = await admin('adminAuditList', owner, { action, targetId });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.list;
}

/** An article the test owns, created through the console. */
async function article(slug: string, title = `${slug} 标题`) {
  const created = await admin('adminArticleSave', support, { slug, title, content: `${slug} 内容` });
  expect(created.code, created.msg).toBe(1);
  return created.data;
}

const read = (input: { slug: string }, lang?: string) =>
  api(t.app, 'readArticle', { input, headers: lang ? { 'x-lang': lang } : {} });

describe('articles', () => {
  it('creates one under its slug, lists it, gets it; the agent reads its language, Chinese otherwise', async () => {
    const created = await admin('adminArticleSave', support, {
      slug: 'withdraw-guide',
      title: '提现指南',
      content: '第一步\r\n第二步',
      translations: {
        en: { title: 'Withdrawal guide', content: 'Step one\nStep two' },
        // A blank version is no version: it reads Chinese.
        ja: { title: '', content: '' },
      },
    });
    expect(created.code, created.msg).toBe(1);
    expect(calls.adminArticleSave.data.parse(created.data)).toEqual(created.data);
    expect(created.data).toMatchObject({
      slug: 'withdraw-guide',
      title: '提现指南',
      content: '第一步\n第二步',
      translations: { en: { title: 'Withdrawal guide', content: 'Step one\nStep two' } },
    });

    const list = await admin('adminArticleList', viewer, {});
    expect(list.data.list.find((article) => article.id === created.data.id)).toMatchObject({
      slug: 'withdraw-guide',
      locales: ['en'],
    });
    expect((await admin('adminArticleGet', viewer, { id: created.data.id })).data).toEqual(created.data);

    expect((await read({ slug: 'withdraw-guide' })).data).toMatchObject({ title: '提现指南' });
    expect((await read({ slug: 'withdraw-guide' }, 'en')).data).toMatchObject({
      title: 'Withdrawal guide',
      content: 'Step one\nStep two',
    });
    expect((await read({ slug: 'withdraw-guide' }, 'ja')).data).toMatchObject({ title: '提现指南' });
    // The browser's language counts when the app names none.
    const byBrowser = await api(t.app, 'readArticle', {
      input: { slug: 'withdraw-guide' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(byBrowser.data.title).toBe('Withdrawal guide');

    const [entry] = await auditOf('article.create', String(created.data.id));
    expect(entry).toMatchObject({
      targetType: 'article',
      before: null,
      after: { slug: 'withdraw-guide', title: '提现指南' },
    });
  });

  it('changes one from the version it started from, its slug kept; a stale version is refused', async () => {
    const help = await article('help');
    const changed = await admin('adminArticleSave', owner, {
      id: help.id,
      slug: 'renamed',
      title: '帮助',
      content: '新的帮助内容',
      translations: { en: { title: 'Help', content: 'New help' } },
      expectedUpdatedAt: help.updatedAt,
    });
    expect(changed.code, changed.msg).toBe(1);
    expect(changed.data).toMatchObject({ slug: 'help', title: '帮助', content: '新的帮助内容' });
    expect(changed.data.updatedAt).not.toBe(help.updatedAt);

    // The first operator's edit still names the old version: refused, nothing overwritten.
    const stale = await admin('adminArticleSave', support, {
      id: help.id,
      title: '旧的编辑',
      content: '会覆盖别人的修改',
      expectedUpdatedAt: help.updatedAt,
    });
    expect(stale).toMatchObject({ code: 0, msg: '内容已被其他运营人员修改，请刷新后重试' });
    expect((await read({ slug: 'help' }, 'en')).data.title).toBe('Help');

    const [entry] = await auditOf('article.update', String(help.id));
    expect(entry).toMatchObject({
      before: { title: help.title, content: help.content },
      after: { title: '帮助', translations: { en: { title: 'Help', content: 'New help' } } },
    });
    // Saving the same texts again changes nothing and records nothing.
    const same = await admin('adminArticleSave', owner, {
      id: help.id,
      title: '帮助',
      content: '新的帮助内容',
      translations: { en: { title: 'Help', content: 'New help' } },
      expectedUpdatedAt: changed.data.updatedAt,
    });
    expect(same.data.updatedAt).toBe(changed.data.updatedAt);
    expect(await auditOf('article.update', String(help.id))).toHaveLength(1);
  });

  it('two operators saving the same version at once: one wins, the other is told to reload', async () => {
    const start = await article('agent-desc');
    const save = (token: string, title: string) =>
      admin('adminArticleSave', token, {
        id: start.id,
        title,
        content: start.content,
        expectedUpdatedAt: start.updatedAt,
      });
    const answers = await Promise.all([save(owner, '甲的标题'), save(support, '乙的标题')]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 1]);
    const winner = answers.find((answer) => answer.code === 1);
    expect((await read({ slug: 'agent-desc' })).data.title).toBe(winner?.data.title);
  });

  it('refuses a taken slug, an unknown id, a half translation, a change without its version', async () => {
    expect(
      await admin('adminArticleSave', support, { slug: 'help', title: '重复', content: '重复' }),
    ).toMatchObject({ code: 0, msg: '文章地址 help 已被使用' });
    expect(
      await admin('adminArticleSave', support, {
        id: 999_999,
        title: 't',
        content: 'c',
        expectedUpdatedAt: new Date().toISOString(),
      }),
    ).toMatchObject({ code: 0, msg: '文章不存在' });
    expect(await admin('adminArticleGet', support, { id: 999_999 })).toMatchObject({
      code: 0,
      msg: '文章不存在',
    });
    for (const input of [
      {
        slug: 'half',
        title: 't',
        content: 'c',
        translations: { en: { title: 'only a title', content: '' } },
      },
      { slug: 'bad-locale', title: 't', content: 'c', translations: { xx: { title: 'x', content: 'x' } } },
      { title: 'no slug', content: 'c' },
      { slug: 'Bad Slug', title: 't', content: 'c' },
      { id: 1, title: 't', content: 'c' },
      { slug: 'empty', title: '', content: 'c' },
      { slug: 'control', title: 't', content: 'a\u0000b' },
      { slug: 'too-long', title: 't', content: 'x'.repeat(5_001) },
    ]) {
      const answer = await apiUnchecked(t.app, 'adminArticleSave', { input, ...asOperator(support) });
      expect(answer.status, JSON.stringify(input).slice(0, 80)).toBe(400);
    }
  });

  it('rights: viewers and finance read, only support and the owner write', async () => {
    expect((await admin('adminArticleList', finance, {})).code).toBe(1);
    for (const token of [viewer, finance]) {
      const refused = await admin('adminArticleSave', token, { slug: 'nope', title: 't', content: 'c' });
      expect(refused).toMatchObject({
        code: ResponseCode.operatorForbidden,
        msg: '您的角色没有此操作的权限（content.manage）',
      });
    }
  });
});

describe('announcements', () => {
  it('publish to all or one level, list by status and level, change, withdraw: each audited', async () => {
    const toAll = await admin('adminAnnouncementSave', support, {
      title: '春节活动',
      content: '充值送钻',
      level: null,
      translations: { en: { title: 'Spring festival', content: 'Bonus diamonds' } },
    });
    expect(toAll.code, toAll.msg).toBe(1);
    expect(calls.adminAnnouncementSave.data.parse(toAll.data)).toEqual(toAll.data);
    expect(toAll.data).toMatchObject({ level: null, withdrawnAt: null, translations: { en: {} } });
    const toGold = await admin('adminAnnouncementSave', owner, {
      title: '黄金专享',
      content: '仅黄金',
      level: 2,
    });
    expect(toGold.data.level).toBe(2);

    const gold = await admin('adminAnnouncementList', viewer, { level: 2 });
    expect(gold.data.list.map((a) => a.id)).toEqual([toGold.data.id]);
    const everyone = await admin('adminAnnouncementList', viewer, { level: 0 });
    expect(everyone.data.list.map((a) => a.id)).toContain(toAll.data.id);
    expect(everyone.data.list.map((a) => a.id)).not.toContain(toGold.data.id);

    const changed = await admin('adminAnnouncementSave', owner, {
      id: toGold.data.id,
      title: '黄金与白银',
      content: '黄金和白银都可参加',
      level: 3,
      expectedUpdatedAt: toGold.data.updatedAt,
    });
    expect(changed.data).toMatchObject({ title: '黄金与白银', level: 3 });
    const stale = await admin('adminAnnouncementSave', support, {
      id: toGold.data.id,
      title: 'x',
      content: 'x',
      level: 2,
      expectedUpdatedAt: toGold.data.updatedAt,
    });
    expect(stale.msg).toBe('内容已被其他运营人员修改，请刷新后重试');

    const withdrawn = await admin('adminAnnouncementWithdraw', support, { id: toGold.data.id });
    expect(withdrawn.data.withdrawnAt).not.toBeNull();
    expect(await admin('adminAnnouncementWithdraw', support, { id: toGold.data.id })).toMatchObject({
      code: 0,
      msg: '该公告已撤回，不能再修改',
    });
    expect(
      await admin('adminAnnouncementSave', owner, {
        id: toGold.data.id,
        title: 'x',
        content: 'x',
        level: 2,
        expectedUpdatedAt: withdrawn.data.updatedAt,
      }),
    ).toMatchObject({ code: 0, msg: '该公告已撤回，不能再修改' });
    expect(await admin('adminAnnouncementWithdraw', support, { id: 999_999 })).toMatchObject({
      code: 0,
      msg: '公告不存在',
    });
    const live = await admin('adminAnnouncementList', viewer, { status: 'live' });
    expect(live.data.list.map((a) => a.id)).not.toContain(toGold.data.id);
    const gone = await admin('adminAnnouncementList', viewer, { status: 'withdrawn' });
    expect(gone.data.list.map((a) => a.id)).toEqual([toGold.data.id]);

    const id = String(toGold.data.id);
    expect(await auditOf('announcement.create', id)).toHaveLength(1);
    expect((await auditOf('announcement.update', id))[0]).toMatchObject({
      before: { level: 2, title: '黄金专享' },
      after: { level: 3, title: '黄金与白银' },
    });
    expect((await auditOf('announcement.withdraw', id))[0]).toMatchObject({ before: { withdrawnAt: null } });
  });

  it('a withdraw racing a withdraw: once', async () => {
    const published = await admin('adminAnnouncementSave', support, {
      title: '临时',
      content: '临时',
      level: 1,
    });
    const answers = await Promise.all([
      admin('adminAnnouncementWithdraw', support, { id: published.data.id }),
      admin('adminAnnouncementWithdraw', owner, { id: published.data.id }),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 1]);
    expect(await auditOf('announcement.withdraw', String(published.data.id))).toHaveLength(1);
  });

  it('refuses a bad level, an empty text; rights as articles', async () => {
    for (const input of [
      { title: 't', content: 'c', level: 4 },
      { title: 't', content: 'c' },
      { title: '', content: 'c', level: null },
      { title: 't', content: 'x'.repeat(2_001), level: null },
    ]) {
      const answer = await apiUnchecked(t.app, 'adminAnnouncementSave', { input, ...asOperator(support) });
      expect(answer.status, JSON.stringify(input).slice(0, 60)).toBe(400);
    }
    const refused = await admin('adminAnnouncementSave', finance, { title: 't', content: 'c', level: null });
    expect(refused.code).toBe(ResponseCode.operatorForbidden);
    expect((await admin('adminAnnouncementList', finance, {})).code).toBe(1);
  });
});
