import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ANNOUNCEMENT_CONTENT_MAX, type AgentLevel, type TAdminAnnouncement } from '@promoter/contract';
import { useTranslation } from '../../../../i18n/use-translation';
import { muiField } from '../../../../lib/mui-field';
import { useSaveAnnouncement } from '../../api/save-announcement';
import { formToVersions } from '../../lib/text-versions';
import { TextVersionsEditor } from '../text-versions-editor';
import { EditorDialog, savedThen, useTextsForm } from './content-parts';

/** The audience as the form holds it: every agent, or one level. */
type Audience = 'all' | '1' | '2' | '3';

const AUDIENCES: Audience[] = ['all', '1', '2', '3'];
export const audienceOf = (level: AgentLevel | null): Audience =>
  level === null ? 'all' : (String(level) as Audience);
const levelOf = (audience: Audience): AgentLevel | null =>
  audience === 'all' ? null : (Number(audience) as AgentLevel);

/** A new announcement, or a live one changed from the version the operator opened, with its audience. */
export function AnnouncementEditor({
  announcement,
  onClose,
}: {
  announcement: TAdminAnnouncement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAnnouncement();
  const form = useTextsForm({
    text: announcement,
    own: { audience: announcement ? audienceOf(announcement.level) : 'all' },
    contentMax: ANNOUNCEMENT_CONTENT_MAX,
  });
  const submit = form.handleSubmit((values) => {
    const versions = formToVersions(values);
    const level = levelOf(values.audience);
    save.mutate(
      announcement
        ? { id: announcement.id, ...versions, level, expectedUpdatedAt: announcement.updatedAt }
        : { ...versions, level },
      savedThen(announcement ? t('adminContent.saved') : t('adminContent.published'), onClose),
    );
  });
  return (
    <EditorDialog
      title={announcement ? t('adminContent.announcements.edit') : t('adminContent.announcements.new')}
      busy={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        select
        label={t('adminContent.fields.audience')}
        defaultValue={announcement ? audienceOf(announcement.level) : 'all'}
        slotProps={{ htmlInput: { 'data-testid': 'announcement-audience' } }}
        {...muiField(form.register('audience'))}
      >
        {AUDIENCES.map((audience) => (
          <MenuItem key={audience} value={audience} data-testid={`audience-${audience}`}>
            {t(`adminContent.audience.${audience}`)}
          </MenuItem>
        ))}
      </TextField>
      {announcement ? <Alert severity="info">{t('adminContent.announcements.editHint')}</Alert> : null}
      <TextVersionsEditor form={form} contentMax={ANNOUNCEMENT_CONTENT_MAX} rows={5} />
    </EditorDialog>
  );
}
