import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ARTICLE_CONTENT_MAX, type TAdminArticle, ZArticleSlug } from '@promoter/contract';
import { useTranslation } from '../../../../i18n/use-translation';
import { muiField } from '../../../../lib/mui-field';
import { useAdminArticle } from '../../api/get-admin-articles';
import { useSaveArticle } from '../../api/save-article';
import { formToVersions } from '../../lib/text-versions';
import { TextVersionsEditor } from '../text-versions-editor';
import { EditorDialog, savedThen, useTextsForm } from './content-parts';

/** An article's editor: a new one with its slug, or an existing one loaded fresh (its slug kept). */
export function ArticleEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const loaded = useAdminArticle(id);
  if (id === null) return <ArticleForm article={null} onClose={onClose} />;
  if (loaded.data) return <ArticleForm article={loaded.data} onClose={onClose} />;
  return (
    <EditorDialog title={t('adminContent.articles.edit')} busy onClose={onClose} onSubmit={() => undefined}>
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
  const form = useTextsForm({
    text: article,
    own: { slug: article?.slug ?? '' },
    // A new article names its slug; an existing one keeps it.
    ownRules: article
      ? {}
      : {
          slug: {
            schema: ZArticleSlug,
            required: t('adminContent.required'),
            invalid: t('adminContent.slugInvalid'),
            blankIsEmpty: true,
          },
        },
    contentMax: ARTICLE_CONTENT_MAX,
  });
  const submit = form.handleSubmit((values) => {
    const versions = formToVersions(values);
    save.mutate(
      article
        ? { id: article.id, ...versions, expectedUpdatedAt: article.updatedAt }
        : { slug: values.slug.trim(), ...versions },
      savedThen(t('adminContent.saved'), onClose),
    );
  });
  return (
    <EditorDialog
      title={article ? t('adminContent.articles.edit') : t('adminContent.articles.new')}
      busy={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      {article ? (
        <Typography color="text.secondary" data-testid="article-slug-kept">
          {t('adminContent.fields.slug')}: <b>{article.slug}</b>
        </Typography>
      ) : (
        <TextField
          label={t('adminContent.fields.slug')}
          slotProps={{ htmlInput: { 'data-testid': 'article-slug' } }}
          {...muiField(form.register('slug'), form.formState.errors.slug)}
          helperText={form.formState.errors.slug?.message ?? t('adminContent.slugHint')}
        />
      )}
      <TextVersionsEditor form={form} contentMax={ARTICLE_CONTENT_MAX} rows={8} />
    </EditorDialog>
  );
}
