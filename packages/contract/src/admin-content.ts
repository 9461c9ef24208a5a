import { z } from 'zod';
import { call } from './call-def';
import { ZEmpty, ZId, ZIsoDate, ZIsoDateInput, ZPage, ZPageQuery, ZText } from './common';
import { ZAgentLevel } from './enums';
import { type TranslationLocale, ZTranslations } from './translations';

// ---- texts the operator writes: articles and announcements (decision 018) ------------------------------------------

/** Control characters but the line breaks and tabs of a multi-line text. */
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * A multi-line text (an article's or an announcement's body): line breaks kept (`\r\n` read as `\n`), trimmed, at most
 * `max` characters, no other control character.
 */
export function ZMultilineText(max: number, options: { min?: number } = {}) {
  return z
    .string()
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(options.min ?? 0)
        .max(max)
        .refine((value) => !CONTROL_BUT_LINES.test(value), {
          message: 'must not contain control characters',
        }),
    );
}

export const CONTENT_TITLE_MAX = 100;
/** Kept so that a text with its 11 translations stays well under the server's body limit (256 KiB). */
export const ARTICLE_CONTENT_MAX = 5_000;
export const ANNOUNCEMENT_CONTENT_MAX = 2_000;

/**
 * One version of a titled text in another language: both parts, or neither (a blank version reads the Chinese one).
 */
function ZTitledVersion(contentMax: number) {
  return z
    .object({ title: ZText(CONTENT_TITLE_MAX), content: ZMultilineText(contentMax) })
    .refine((version) => (version.title === '') === (version.content === ''), {
      message: 'a translation needs both its title and its content, or neither',
      path: ['content'],
    });
}

export interface TitledText {
  title: string;
  content: string;
}

/** Stored translations of a titled text: only complete versions of the known languages. */
export type TitledTranslations = Partial<Record<TranslationLocale, TitledText>>;

/**
 * The version of a titled text `locale` reads: its translation when it has a complete one, else the Chinese text (the
 * row's own columns). Title and content come from the same version, never mixed.
 */
export function localizedVersion(
  chinese: TitledText,
  translations: Partial<Record<string, Partial<TitledText>>> | null | undefined,
  locale: string,
): TitledText & { locale: string } {
  const version =
    locale !== 'cn' && translations && Object.hasOwn(translations, locale) ? translations[locale] : undefined;
  if (version?.title?.trim() && version.content?.trim())
    return { title: version.title, content: version.content, locale };
  return { title: chinese.title, content: chinese.content, locale: 'cn' };
}

/** Drops blank versions: what is stored holds complete translations only. */
export function compactTitledTranslations(
  translations: Partial<Record<string, TitledText>> | null | undefined,
): TitledTranslations {
  const kept: TitledTranslations = {};
  for (const [locale, version] of Object.entries(translations ?? {})) {
    if (version && version.title.trim() && version.content.trim())
      kept[locale as TranslationLocale] = { title: version.title, content: version.content };
  }
  return kept;
}

const ZArticleTranslations = ZTranslations(ZTitledVersion(ARTICLE_CONTENT_MAX));
const ZAnnouncementTranslations = ZTranslations(ZTitledVersion(ANNOUNCEMENT_CONTENT_MAX));

/** An article's address in the app (`help`, `agent-desc`, `agent-recruit`, `platform-index`, ...). */
export const ZArticleSlug = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{1,63}$/, 'slug: 2-64 lower-case letters, digits or -');

/**
 * The `updatedAt` the operator's edit started from: the save is a compare-and-set on it, so an edit made meanwhile by
 * another operator is never overwritten unseen.
 */
const ZExpectedUpdatedAt = ZIsoDateInput;

export const ZAdminArticleSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** The languages it has a translation in, besides Chinese. */
  locales: z.array(z.string()),
  updatedAt: ZIsoDate,
});

export const ZAdminArticle = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  translations: z.record(z.string(), z.object({ title: z.string(), content: z.string() })),
  updatedAt: ZIsoDate,
});
export type TAdminArticle = z.infer<typeof ZAdminArticle>;

export const ZAnnouncementStatus = z.enum(['live', 'withdrawn']);

export const ZAdminAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  translations: z.record(z.string(), z.object({ title: z.string(), content: z.string() })),
  /** Null: every agent; else the agents of this level only. */
  level: ZAgentLevel.nullable(),
  createdBy: z.string(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
  withdrawnAt: ZIsoDate.nullable(),
});
export type TAdminAnnouncement = z.infer<typeof ZAdminAnnouncement>;

// ---- calls -------------------------------------------------------------------------------------------------------

/**
 * The console's articles and announcements (decision 018): read with `read`, written with `content.manage` (support
 * and the owner: talking to agents is support's work). Every write is audited with before and after.
 */
export const adminContentCalls = {
  adminArticleList: call({
    method: 'GET',
    path: 'admin/articles/list',
    auth: 'operator',
    right: 'read',
    summary: 'Every article (the app’s pages: help, agent description, recruiting, platform index, ...)',
    input: ZEmpty,
    data: z.object({ list: z.array(ZAdminArticleSummary) }),
  }),
  adminArticleGet: call({
    method: 'GET',
    path: 'admin/articles/get',
    auth: 'operator',
    right: 'read',
    summary: 'An article with its Chinese text and its translations',
    input: z.object({ id: ZId }),
    data: ZAdminArticle,
  }),
  adminArticleSave: call({
    method: 'POST',
    path: 'admin/articles/save',
    auth: 'operator',
    right: 'content.manage',
    summary:
      'Create an article (with its slug) or change one (its slug kept), from the version the operator started from',
    input: z
      .object({
        id: ZId.optional(),
        /** A new article's slug; an existing article keeps its own. */
        slug: ZArticleSlug.optional(),
        title: ZText(CONTENT_TITLE_MAX, { min: 1 }),
        content: ZMultilineText(ARTICLE_CONTENT_MAX, { min: 1 }),
        translations: ZArticleTranslations.default({}),
        /** Required when changing an article. */
        expectedUpdatedAt: ZExpectedUpdatedAt.optional(),
      })
      .refine((input) => input.id !== undefined || input.slug !== undefined, {
        message: 'a new article needs its slug',
        path: ['slug'],
      })
      .refine((input) => input.id === undefined || input.expectedUpdatedAt !== undefined, {
        message: 'a change names the version it started from',
        path: ['expectedUpdatedAt'],
      }),
    data: ZAdminArticle,
  }),
  adminAnnouncementList: call({
    method: 'GET',
    path: 'admin/announcements/list',
    auth: 'operator',
    right: 'read',
    summary: 'Announcements, newest first: live or withdrawn, to all agents or one level',
    input: ZPageQuery.extend({
      status: ZAnnouncementStatus.optional(),
      /** 0: the ones to every agent; 1-3: the ones to that level. */
      level: z.coerce.number().int().min(0).max(3).optional(),
    }),
    data: ZPage(ZAdminAnnouncement),
  }),
  adminAnnouncementSave: call({
    method: 'POST',
    path: 'admin/announcements/save',
    auth: 'operator',
    right: 'content.manage',
    summary:
      'Publish an announcement to every agent or to one level, or change a live one from the version the operator started from',
    input: z
      .object({
        id: ZId.optional(),
        title: ZText(CONTENT_TITLE_MAX, { min: 1 }),
        content: ZMultilineText(ANNOUNCEMENT_CONTENT_MAX, { min: 1 }),
        translations: ZAnnouncementTranslations.default({}),
        level: ZAgentLevel.nullable(),
        expectedUpdatedAt: ZExpectedUpdatedAt.optional(),
      })
      .refine((input) => input.id === undefined || input.expectedUpdatedAt !== undefined, {
        message: 'a change names the version it started from',
        path: ['expectedUpdatedAt'],
      }),
    data: ZAdminAnnouncement,
  }),
  adminAnnouncementWithdraw: call({
    method: 'POST',
    path: 'admin/announcements/withdraw',
    auth: 'operator',
    right: 'content.manage',
    summary: 'Withdraw a live announcement: agents no longer see it; it stays in the console for the record',
    input: z.object({ id: ZId }),
    data: ZAdminAnnouncement,
  }),
} as const;
