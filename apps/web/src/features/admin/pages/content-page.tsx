import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  ANNOUNCEMENT_CONTENT_MAX,
  ARTICLE_CONTENT_MAX,
  CONTENT_TITLE_MAX,
  type AgentLevel,
  type TAdminArticle,
  type TAdminAnnouncement,
  ZArticleSlug,
} from '@promoter/contract';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAdminAnnouncements } from '../api/get-admin-announcements';
import { useAdminArticle, useAdminArticles } from '../api/get-admin-articles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { languageOf } from '../../../i18n/languages';
import { contractResolver } from '../../../lib/contract-resolver';
import { muiField } from '../../../lib/mui-field';
import { notify } from '../../../lib/notify';
import { useCan } from '../lib/can';
import { useSaveAnnouncement, useSaveArticle, useWithdrawAnnouncement } from '../api/manage-content';
import { RequireCall } from '../components/admin-layout';
import { FilterBar, FilterField, PagedTable } from '../components/filtered-table';
import { TextVersionsEditor } from '../components/text-versions-editor';
import { truncate } from '../../../lib/format';
import { formatDateTime } from '../lib/format';
import {
  formToVersions,
  incompleteVersions,
  type TextVersionsForm,
  versionRules,
  versionsToForm,
} from '../lib/text-versions';
import { useFilteredPages } from '../lib/use-filtered-pages';

/** Who may write (the content.manage right: support and the owner); every role of the console reads. */
const useCanWrite = () => useCan('adminArticleSave');

/** The languages a text has besides Chinese, by their own names. */
function LocaleChips({ locales }: { locales: string[] }) {
  const { t } = useTranslation();
  if (locales.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('adminContent.chineseOnly')}
      </Typography>
    );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {locales.map((locale) => (
        <Chip key={locale} size="small" variant="outlined" label={languageOf(locale).name} />
      ))}
    </Stack>
  );
}

/** The texts' dialog: full screen on a phone, wide on a desktop. */
function EditorDialog(props: {
  open: boolean;
  title: string;
  busy: boolean;
  formId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      data-testid="content-dialog"
    >
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent dividers>{props.children}</DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={props.onClose} disabled={props.busy}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          form={props.formId}
          variant="contained"
          disabled={props.busy}
          data-testid="content-save"
        >
          {t('adminContent.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function useRuleTexts(contentMax: number) {
  const { t } = useTranslation();
  return {
    required: t('adminContent.required'),
    titleTooLong: t('adminContent.titleInvalid', { max: CONTENT_TITLE_MAX }),
    contentTooLong: t('adminContent.contentInvalid', { max: contentMax }),
    incomplete: t('adminContent.translationIncomplete'),
  };
}

// ---- articles -----------------------------------------------------------------------------------------------------

type ArticleFormValues = TextVersionsForm & { slug: string };

/** An article's editor: a new one with its slug, or an existing one loaded fresh (its slug kept). */
function ArticleEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const loaded = useAdminArticle(id);
  if (id === null) return <ArticleForm article={null} onClose={onClose} />;
  if (loaded.data) return <ArticleForm article={loaded.data} onClose={onClose} />;
  return (
    <EditorDialog open title={t('adminContent.articles.edit')} busy formId="article-form" onClose={onClose}>
      {loaded.isError ? (
        <Alert severity="error">{t('adminContent.loadFailed')}</Alert>
      ) : (
        <Typography color="text.secondary">{t('adminContent.loading')}</Typography>
      )}
    </EditorDialog>
  );
}

function ArticleForm({ article, onClose }: { article: TAdminArticle | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveArticle();
  const texts = useRuleTexts(ARTICLE_CONTENT_MAX);
  const { register, handleSubmit, watch, formState } = useForm<ArticleFormValues>({
    defaultValues: article
      ? { slug: article.slug, ...versionsToForm(article, article.translations) }
      : { slug: '', ...versionsToForm({ title: '', content: '' }, {}) },
    resolver: contractResolver<ArticleFormValues>(
      {
        ...versionRules(ARTICLE_CONTENT_MAX, texts),
        ...(article
          ? {}
          : {
              slug: {
                schema: ZArticleSlug,
                required: texts.required,
                invalid: t('adminContent.slugInvalid'),
                blankIsEmpty: true,
              },
            }),
      },
      (values) => incompleteVersions(values, texts.incomplete),
    ),
  });
  const submit = handleSubmit((values) => {
    const versions = formToVersions(values);
    save.mutate(
      article
        ? { id: article.id, ...versions, expectedUpdatedAt: article.updatedAt }
        : { slug: values.slug.trim(), ...versions },
      {
        onSuccess: () => {
          notify.success(t('adminContent.saved'));
          onClose();
        },
      },
    );
  });
  return (
    <EditorDialog
      open
      title={article ? t('adminContent.articles.edit') : t('adminContent.articles.new')}
      busy={save.isPending}
      formId="article-form"
      onClose={onClose}
    >
      <Stack component="form" id="article-form" spacing={2} noValidate onSubmit={submit} sx={{ pt: 1 }}>
        {article ? (
          <Typography color="text.secondary" data-testid="article-slug-kept">
            {t('adminContent.fields.slug')}: <b>{article.slug}</b>
          </Typography>
        ) : (
          <TextField
            label={t('adminContent.fields.slug')}
            slotProps={{ htmlInput: { 'data-testid': 'article-slug' } }}
            {...muiField(register('slug'), formState.errors.slug)}
            helperText={formState.errors.slug?.message ?? t('adminContent.slugHint')}
          />
        )}
        <TextVersionsEditor
          register={register}
          watch={watch}
          errors={formState.errors}
          contentMax={ARTICLE_CONTENT_MAX}
          rows={8}
        />
      </Stack>
    </EditorDialog>
  );
}

function ArticlesPanel() {
  const { t, i18n } = useTranslation();
  const list = useAdminArticles();
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  return (
    <Stack spacing={2} data-testid="content-articles">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {t('adminContent.articles.hint')}
        </Typography>
        {canWrite ? (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing('new')}
            data-testid="article-new"
          >
            {t('adminContent.articles.new')}
          </Button>
        ) : null}
      </Stack>
      <Paper>
        <TableContainer>
          <Table size="small" sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('adminContent.fields.slug')}</TableCell>
                <TableCell>{t('adminContent.fields.title')}</TableCell>
                <TableCell>{t('adminContent.columns.translations')}</TableCell>
                <TableCell>{t('adminContent.columns.updatedAt')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data?.list ?? []).map((article) => (
                <TableRow key={article.id} data-testid={`article-${article.slug}`}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{article.slug}</TableCell>
                  <TableCell>{article.title}</TableCell>
                  <TableCell>
                    <LocaleChips locales={article.locales} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(article.updatedAt, i18n.language)}
                  </TableCell>
                  <TableCell align="right">
                    {canWrite ? (
                      <Button size="small" onClick={() => setEditing(article.id)} data-testid="article-edit">
                        {t('adminContent.edit')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
              {list.isSuccess && list.data.list.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} align="center">
                    {t('admin.empty')}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {editing !== null ? (
        <ArticleEditor id={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}

// ---- announcements ------------------------------------------------------------------------------------------------

/** The audience as the form holds it: every agent, or one level. */
type Audience = 'all' | '1' | '2' | '3';
type AnnouncementForm = TextVersionsForm & { audience: Audience };

const AUDIENCES: Audience[] = ['all', '1', '2', '3'];
const audienceOf = (level: AgentLevel | null): Audience =>
  level === null ? 'all' : (String(level) as Audience);
const levelOf = (audience: Audience): AgentLevel | null =>
  audience === 'all' ? null : (Number(audience) as AgentLevel);

function AnnouncementEditor({
  announcement,
  onClose,
}: {
  announcement: TAdminAnnouncement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAnnouncement();
  const texts = useRuleTexts(ANNOUNCEMENT_CONTENT_MAX);
  const { register, handleSubmit, watch, formState } = useForm<AnnouncementForm>({
    defaultValues: announcement
      ? {
          audience: audienceOf(announcement.level),
          ...versionsToForm(announcement, announcement.translations),
        }
      : { audience: 'all', ...versionsToForm({ title: '', content: '' }, {}) },
    resolver: contractResolver<AnnouncementForm>(versionRules(ANNOUNCEMENT_CONTENT_MAX, texts), (values) =>
      incompleteVersions(values, texts.incomplete),
    ),
  });
  const submit = handleSubmit((values) => {
    const versions = formToVersions(values);
    const level = levelOf(values.audience);
    save.mutate(
      announcement
        ? { id: announcement.id, ...versions, level, expectedUpdatedAt: announcement.updatedAt }
        : { ...versions, level },
      {
        onSuccess: () => {
          notify.success(announcement ? t('adminContent.saved') : t('adminContent.published'));
          onClose();
        },
      },
    );
  });
  return (
    <EditorDialog
      open
      title={announcement ? t('adminContent.announcements.edit') : t('adminContent.announcements.new')}
      busy={save.isPending}
      formId="announcement-form"
      onClose={onClose}
    >
      <Stack component="form" id="announcement-form" spacing={2} noValidate onSubmit={submit} sx={{ pt: 1 }}>
        <TextField
          select
          label={t('adminContent.fields.audience')}
          defaultValue={announcement ? audienceOf(announcement.level) : 'all'}
          slotProps={{ htmlInput: { 'data-testid': 'announcement-audience' } }}
          {...muiField(register('audience'))}
        >
          {AUDIENCES.map((audience) => (
            <MenuItem key={audience} value={audience} data-testid={`audience-${audience}`}>
              {t(`adminContent.audience.${audience}`)}
            </MenuItem>
          ))}
        </TextField>
        {announcement ? <Alert severity="info">{t('adminContent.announcements.editHint')}</Alert> : null}
        <TextVersionsEditor
          register={register}
          watch={watch}
          errors={formState.errors}
          contentMax={ANNOUNCEMENT_CONTENT_MAX}
          rows={5}
        />
      </Stack>
    </EditorDialog>
  );
}

interface AnnouncementFilter {
  status: '' | 'live' | 'withdrawn';
  audience: '' | '0' | '1' | '2' | '3';
}
const NO_FILTER: AnnouncementFilter = { status: '', audience: '' };

function AnnouncementsPanel() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite();
  const filters = useFilteredPages<AnnouncementFilter>(NO_FILTER);
  const { applied } = filters;
  const list = useAdminAnnouncements({
    status: applied.status || undefined,
    level: applied.audience === '' ? undefined : Number(applied.audience),
    page: filters.page + 1,
    pageSize: filters.pageSize,
  });
  const withdraw = useWithdrawAnnouncement();
  const [editing, setEditing] = useState<TAdminAnnouncement | 'new' | null>(null);
  const [withdrawing, setWithdrawing] = useState<TAdminAnnouncement | null>(null);

  return (
    <Stack spacing={2} data-testid="content-announcements">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {t('adminContent.announcements.hint')}
        </Typography>
        {canWrite ? (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing('new')}
            data-testid="announcement-new"
          >
            {t('adminContent.announcements.new')}
          </Button>
        ) : null}
      </Stack>
      <FilterBar onApply={filters.apply}>
        <FilterField select label={t('adminContent.columns.status')} {...filters.field('status')}>
          <MenuItem value="">{t('adminContent.any')}</MenuItem>
          <MenuItem value="live">{t('adminContent.status.live')}</MenuItem>
          <MenuItem value="withdrawn">{t('adminContent.status.withdrawn')}</MenuItem>
        </FilterField>
        <FilterField select label={t('adminContent.fields.audience')} {...filters.field('audience')}>
          <MenuItem value="">{t('adminContent.any')}</MenuItem>
          <MenuItem value="0">{t('adminContent.audience.all')}</MenuItem>
          {(['1', '2', '3'] as const).map((level) => (
            <MenuItem key={level} value={level}>
              {t(`adminContent.audience.${level}`)}
            </MenuItem>
          ))}
        </FilterField>
      </FilterBar>
      <PagedTable
        minWidth={960}
        testId="announcements-table"
        columns={7}
        head={
          <>
            <TableCell>{t('adminContent.fields.title')}</TableCell>
            <TableCell>{t('adminContent.columns.translations')}</TableCell>
            <TableCell>{t('adminContent.fields.audience')}</TableCell>
            <TableCell>{t('adminContent.columns.createdBy')}</TableCell>
            <TableCell>{t('adminContent.columns.createdAt')}</TableCell>
            <TableCell>{t('adminContent.columns.status')}</TableCell>
            <TableCell />
          </>
        }
        empty={list.isSuccess && list.data.list.length === 0}
        total={list.data?.total ?? 0}
        pager={filters}
        pageSizes={[20, 50, 100]}
      >
        {(list.data?.list ?? []).map((announcement) => {
          const live = announcement.withdrawnAt === null;
          return (
            <TableRow
              key={announcement.id}
              data-testid={`announcement-${announcement.id}`}
              data-status={live ? 'live' : 'withdrawn'}
            >
              <TableCell sx={{ maxWidth: 320 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {announcement.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                  {truncate(announcement.content)}
                </Typography>
              </TableCell>
              <TableCell>
                <LocaleChips locales={Object.keys(announcement.translations)} />
              </TableCell>
              <TableCell>{t(`adminContent.audience.${audienceOf(announcement.level)}`)}</TableCell>
              <TableCell>{announcement.createdBy}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(announcement.createdAt, i18n.language)}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={live ? 'success' : 'default'}
                  label={live ? t('adminContent.status.live') : t('adminContent.status.withdrawn')}
                />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {canWrite && live ? (
                  <Box sx={{ display: 'inline-flex', gap: 1 }}>
                    <Button
                      size="small"
                      onClick={() => setEditing(announcement)}
                      data-testid="announcement-edit"
                    >
                      {t('adminContent.edit')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setWithdrawing(announcement)}
                      data-testid="announcement-withdraw"
                    >
                      {t('adminContent.announcements.withdraw')}
                    </Button>
                  </Box>
                ) : null}
              </TableCell>
            </TableRow>
          );
        })}
      </PagedTable>
      {editing !== null ? (
        <AnnouncementEditor
          key={editing === 'new' ? 'new' : editing.id}
          announcement={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={withdrawing !== null}
        message={
          withdrawing ? t('adminContent.announcements.withdrawConfirm', { title: withdrawing.title }) : ''
        }
        busy={withdraw.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() =>
          withdrawing && withdraw.mutate(withdrawing.id, { onSettled: () => setWithdrawing(null) })
        }
      />
    </Stack>
  );
}

// ---- the page -----------------------------------------------------------------------------------------------------

function Content() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'articles' | 'announcements'>('articles');
  return (
    <Stack spacing={2} data-testid="page-admin-content">
      <Typography variant="h5" component="h1">
        {t('adminContent.nav')}
      </Typography>
      <Tabs value={tab} onChange={(_, next: 'articles' | 'announcements') => setTab(next)}>
        <Tab value="articles" label={t('adminContent.tabs.articles')} data-testid="content-tab-articles" />
        <Tab
          value="announcements"
          label={t('adminContent.tabs.announcements')}
          data-testid="content-tab-announcements"
        />
      </Tabs>
      {tab === 'articles' ? <ArticlesPanel /> : <AnnouncementsPanel />}
    </Stack>
  );
}

/**
 * `#/admin/content` (issue 11): the app's articles (help, agent description, recruiting, platform index, ...) and the
 * announcements to every agent or to one level, each in Chinese and the other languages the operator writes. Every
 * role reads; support and the owner write (`agents.manage`).
 */
export function ContentPage() {
  return (
    <RequireCall call="adminArticleList">
      <Content />
    </RequireCall>
  );
}
