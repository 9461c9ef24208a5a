import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONTENT_TITLE_MAX, type TitledText } from '@promoter/contract';
import type { ReactNode } from 'react';
import { type DefaultValues, useForm } from 'react-hook-form';
import { useTranslation } from '../../../../i18n/use-translation';
import { languageOf } from '../../../../i18n/languages';
import { contractResolver, type FieldRule } from '../../../../lib/contract-resolver';
import { notify } from '../../../../lib/notify';
import { useCan } from '../../lib/can';
import {
  incompleteVersions,
  type TextVersionsForm,
  versionRules,
  versionsToForm,
} from '../../lib/text-versions';
import { FormDialog } from '../form-dialog';

/** Who may write (the content.manage right: support and the owner); every role of the console reads. */
export const useCanWrite = () => useCan('adminArticleSave');

/** A panel's first line: what it holds, and its button for a new text to those who may write. */
export function PanelHeading(props: {
  hint: string;
  newLabel: string;
  newTestId: string;
  onNew: () => void;
}) {
  const canWrite = useCanWrite();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
      <Typography color="text.secondary" sx={{ flex: 1 }}>
        {props.hint}
      </Typography>
      {canWrite ? (
        <Button variant="contained" startIcon={<Add />} onClick={props.onNew} data-testid={props.newTestId}>
          {props.newLabel}
        </Button>
      ) : null}
    </Stack>
  );
}

/** The languages a text has besides Chinese, by their own names. */
export function LocaleChips({ locales }: { locales: string[] }) {
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
export function EditorDialog(props: {
  title: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open
      {...props}
      testId="content-dialog"
      save={{ label: t('adminContent.save'), testId: 'content-save' }}
      maxWidth="md"
      dividers
    />
  );
}

/** What a saved text does: it says so, and its editor closes. */
export function savedThen(message: string, onClose: () => void) {
  return {
    onSuccess: () => {
      notify.success(message);
      onClose();
    },
  };
}

interface TextsFormOptions<O> {
  /** The text the editor changes (null: a new one). */
  text: (TitledText & { translations?: Partial<Record<string, TitledText>> }) | null;
  /** The editor's own fields besides the texts, as they start. */
  own: O;
  ownRules?: { [K in keyof O]?: FieldRule };
  /** The content's length limit (the contract's, per kind of text). */
  contentMax: number;
}

/**
 * An editor's form: a titled text in every language (lib/text-versions.ts) beside the editor's own fields, checked by
 * the contract's rules with the operator's messages; a translation with one part only is refused.
 */
export function useTextsForm<O extends Record<string, string>>({
  text,
  own,
  ownRules,
  contentMax,
}: TextsFormOptions<O>) {
  const { t } = useTranslation();
  const texts = {
    required: t('adminContent.required'),
    titleTooLong: t('adminContent.titleInvalid', { max: CONTENT_TITLE_MAX }),
    contentTooLong: t('adminContent.contentInvalid', { max: contentMax }),
  };
  type Values = O & TextVersionsForm;
  return useForm<Values>({
    defaultValues: {
      ...own,
      ...versionsToForm(text ?? { title: '', content: '' }, text?.translations),
    } as DefaultValues<Values>,
    resolver: contractResolver<Values>(
      { ...versionRules(contentMax, texts), ...ownRules } as { [K in keyof Values]?: FieldRule },
      (values) => incompleteVersions(values, t('adminContent.translationIncomplete')),
    ),
  });
}
