import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONTENT_LOCALES, CONTENT_TITLE_MAX, type ContentLocale } from '@promoter/contract';
import { useEffect, useState } from 'react';
import type { FieldErrors, UseFormRegister, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { languageOf } from '../../../i18n/languages';
import { muiField } from '../../../lib/mui-field';
import { contentField, type TextVersionsForm, titleField } from '../lib/text-versions';

interface TextVersionsEditorProps<F extends TextVersionsForm> {
  /** The editor's form (useForm), whose text fields these are. */
  form: Pick<UseFormReturn<F>, 'register' | 'watch' | 'formState'>;
  contentMax: number;
  /** Rows of the content field. */
  rows: number;
}

/**
 * A titled text in the 12 languages, one tab each: Chinese first and required (every language missing a version
 * reads it), the others optional, both parts or neither. A tab shows whether its language has a version, or an error;
 * Hebrew and Arabic are typed right to left.
 */
export function TextVersionsEditor<F extends TextVersionsForm>({
  form: { register, watch, formState },
  contentMax,
  rows,
}: TextVersionsEditorProps<F>) {
  const { t } = useTranslation();
  const { errors } = formState;
  const [locale, setLocale] = useState<ContentLocale>('cn');
  const values = watch() as TextVersionsForm;
  const fieldErrors = errors as FieldErrors<TextVersionsForm>;
  const hasError = (l: ContentLocale) => Boolean(fieldErrors[titleField(l)] || fieldErrors[contentField(l)]);
  const filled = (l: ContentLocale) =>
    (values[titleField(l)] ?? '').trim() !== '' && (values[contentField(l)] ?? '').trim() !== '';
  const reg = register as unknown as UseFormRegister<TextVersionsForm>;
  // A refused save shows the first language with an error, unless the one shown has one.
  const firstWithError = CONTENT_LOCALES.find(hasError);
  useEffect(() => {
    if (firstWithError && !hasError(locale)) setLocale(firstWithError);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);
  const language = languageOf(locale);
  const dir = language.rtl ? 'rtl' : undefined;

  return (
    <Stack spacing={1.5}>
      <Tabs
        value={locale}
        onChange={(_, next: ContentLocale) => setLocale(next)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('adminContent.languages')}
        data-testid="text-versions-tabs"
      >
        {CONTENT_LOCALES.map((l) => (
          <Tab
            key={l}
            value={l}
            data-testid={`text-version-tab-${l}`}
            sx={{ minHeight: 44, textTransform: 'none' }}
            iconPosition="end"
            icon={
              hasError(l) ? (
                <ErrorOutline color="error" fontSize="small" />
              ) : filled(l) ? (
                <CheckCircleOutline color="success" fontSize="small" />
              ) : undefined
            }
            label={l === 'cn' ? `${languageOf(l).name} *` : languageOf(l).name}
          />
        ))}
      </Tabs>
      <Typography variant="body2" color="text.secondary">
        {locale === 'cn' ? t('adminContent.chineseHint') : t('adminContent.translationHint')}
      </Typography>
      {/* Only the shown language's fields are mounted; the form keeps every language's values. */}
      <Stack key={locale} spacing={2}>
        <TextField
          label={t('adminContent.fields.title')}
          slotProps={{
            htmlInput: { maxLength: CONTENT_TITLE_MAX, dir, 'data-testid': `text-title-${locale}` },
          }}
          {...muiField(reg(titleField(locale)), fieldErrors[titleField(locale)])}
        />
        <TextField
          label={t('adminContent.fields.content')}
          multiline
          minRows={rows}
          maxRows={rows * 2}
          slotProps={{ htmlInput: { maxLength: contentMax, dir, 'data-testid': `text-content-${locale}` } }}
          {...muiField(reg(contentField(locale)), fieldErrors[contentField(locale)])}
        />
      </Stack>
    </Stack>
  );
}
