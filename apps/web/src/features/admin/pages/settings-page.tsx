import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EDITABLE_OPTION_KEYS, OPTION_VALUE_MAX } from '@promoter/contract';
import type { EditableOptionKey, TOptionEntry } from '@promoter/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useAdminSettings } from '../api/get-admin-settings';
import { useAdminSettingsHistory } from '../api/get-admin-settings-history';
import { muiField } from '../../../lib/mui-field';
import { notify } from '../../../lib/notify';
import { useCan } from '../lib/can';
import { useUpdateSettings } from '../api/update-settings';
import { RequireCall } from '../components/admin-layout';
import { ReasonDialog } from '../components/reason-dialog';
import { FilterBar, FilterField, PagedTable } from '../components/filtered-table';
import { formatDateTime } from '../lib/format';
import {
  changesOf,
  dependentsOf,
  fieldOf,
  KIND_OF,
  SETTING_GROUPS,
  settingsResolver,
  valuesOf,
  type SettingChange,
  type SettingsValues,
} from '../lib/settings-form';
import { useFilteredPages } from '../lib/use-filtered-pages';

/** The settings' values in one text, to tell when they changed. */
const signatureOf = (entries: [string, string][]) => JSON.stringify(entries);

/** The IANA zones this browser knows, offered as the time zone's choices (any other valid zone may be typed). */
const TIME_ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/** A setting's value as a person reads it in a before -> after line. */
function useShownValue() {
  const { t } = useTranslation();
  return (key: EditableOptionKey, value: string | null) => {
    if (value === null) return '—';
    const kind = KIND_OF[key];
    if (kind === 'flag')
      return value === 'true' ? t('adminCatalog.settings.on') : t('adminCatalog.settings.off');
    if (value === '') return t('adminCatalog.settings.none');
    if (kind === 'rate' || kind === 'feeRate') return `${value}%`;
    return value;
  };
}

interface FieldProps {
  settingKey: EditableOptionKey;
  register: UseFormRegister<SettingsValues>;
  control: Control<SettingsValues>;
  errors: FieldErrors<SettingsValues>;
  readOnly: boolean;
}

function SettingInput({ settingKey, register, control, errors, readOnly }: FieldProps) {
  const { t } = useTranslation();
  const field = fieldOf(settingKey);
  const kind = KIND_OF[settingKey];
  const label = t(`adminCatalog.settings.fields.${field}`);
  const hint = t(`adminCatalog.settings.hints.${field}`);
  const testId = `setting-${field}`;
  if (kind === 'flag')
    return (
      <Controller
        name={field}
        control={control}
        render={({ field: input }) => (
          <Box>
            <FormControlLabel
              label={label}
              disabled={readOnly}
              control={
                <Switch
                  checked={input.value === 'true'}
                  onChange={(event) => input.onChange(event.target.checked ? 'true' : 'false')}
                  slotProps={{ input: { 'data-testid': testId } as object }}
                />
              }
            />
            <Typography variant="caption" color="text.secondary" component="p">
              {hint}
            </Typography>
          </Box>
        )}
      />
    );
  if (kind === 'timezone')
    return (
      <Controller
        name={field}
        control={control}
        render={({ field: input, fieldState }) => (
          <Autocomplete
            freeSolo
            disableClearable
            options={TIME_ZONES}
            value={input.value}
            disabled={readOnly}
            onInputChange={(_, value) => input.onChange(value)}
            onChange={(_, value) => input.onChange(value ?? '')}
            renderInput={(params) => (
              <TextField
                {...params}
                label={label}
                size="small"
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? hint}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
                }}
              />
            )}
          />
        )}
      />
    );
  const unit =
    kind === 'price'
      ? t('adminCatalog.settings.units.perDiamond')
      : kind === 'money'
        ? t('adminCatalog.settings.units.yuan')
        : kind === 'rate' || kind === 'feeRate'
          ? '%'
          : kind === 'count'
            ? t('adminCatalog.settings.units.times')
            : null;
  const registered = muiField(register(field, { deps: dependentsOf(settingKey) }), errors[field]);
  return (
    <TextField
      {...registered}
      helperText={registered.helperText ?? hint}
      label={label}
      size="small"
      fullWidth
      disabled={readOnly}
      slotProps={{
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
        htmlInput: {
          'data-testid': testId,
          maxLength: OPTION_VALUE_MAX,
          inputMode:
            kind === 'url' ? 'url' : kind === 'color' ? 'text' : kind === 'count' ? 'numeric' : 'decimal',
          dir: kind === 'url' || kind === 'color' ? 'ltr' : undefined,
        },
      }}
    />
  );
}

function ChangeList({ changes }: { changes: SettingChange[] }) {
  const { t } = useTranslation();
  const shown = useShownValue();
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="settings-changes">
      {changes.map((change) => (
        <li key={change.key} data-testid={`settings-change-${fieldOf(change.key)}`}>
          {t(`adminCatalog.settings.fields.${fieldOf(change.key)}`)}:{' '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {shown(change.key, change.before)}
          </Box>{' '}
          <bdi>→</bdi> <strong>{shown(change.key, change.value)}</strong>
        </li>
      ))}
    </Box>
  );
}

/** The form's save bar: how many settings it changes (watched here, so typing re-renders this bar alone). */
function SettingsActions({
  control,
  loaded,
  blocked,
  busy,
  onDiscard,
}: {
  control: Control<SettingsValues>;
  loaded: SettingsValues;
  blocked: boolean;
  busy: boolean;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const values = useWatch({ control }) as SettingsValues;
  const count = changesOf(values, loaded).length;
  return (
    <Paper
      sx={{
        p: 1.5,
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        flexWrap: 'wrap',
        position: 'sticky',
        bottom: 0,
        zIndex: 1,
      }}
      data-testid="settings-actions"
    >
      <Typography sx={{ flexGrow: 1 }} data-testid="settings-pending">
        {count === 0 ? t('adminCatalog.settings.noChanges') : t('adminCatalog.settings.pending', { count })}
      </Typography>
      <Button
        color="inherit"
        disabled={count === 0 || busy}
        onClick={onDiscard}
        data-testid="settings-discard"
      >
        {t('adminCatalog.settings.discard')}
      </Button>
      <Button type="submit" variant="contained" disabled={count === 0 || blocked} data-testid="settings-save">
        {t('adminCatalog.settings.save')}
      </Button>
    </Paper>
  );
}

interface FormProps {
  loaded: SettingsValues;
  canEdit: boolean;
  /** The form was reloaded because the settings changed on the server meanwhile. */
  reloaded: boolean;
  /** The changes are being sent: the settings they make are no news when they come back. */
  onSaving: (changes: SettingChange[]) => void;
}

function SettingsForm({ loaded, canEdit, reloaded, onSaving }: FormProps) {
  const { t } = useTranslation();
  const resolver = useMemo(() => settingsResolver(t), [t]);
  const form = useForm<SettingsValues>({ defaultValues: loaded, resolver, mode: 'onChange' });
  const { register, control, handleSubmit, reset, formState } = form;
  const [confirming, setConfirming] = useState<SettingChange[] | null>(null);
  const update = useUpdateSettings();
  const hasErrors = Object.keys(formState.errors).length > 0;

  const save = (reason: string) => {
    if (!confirming) return;
    onSaving(confirming);
    update.mutate(
      {
        reason,
        changes: confirming.map((change) => ({ key: change.key, value: change.value, seen: change.before })),
      },
      {
        onSuccess: () => {
          notify.success(t('adminCatalog.settings.saved'));
          setConfirming(null);
        },
        // The refusal was shown by the API client; the settings are read again.
        onError: () => setConfirming(null),
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(() => setConfirming(changesOf(form.getValues(), loaded)))}
      data-testid="settings-form"
    >
      <Stack spacing={2}>
        {reloaded ? (
          <Alert severity="info" data-testid="settings-reloaded">
            {t('adminCatalog.settings.reloaded')}
          </Alert>
        ) : null}
        {canEdit ? null : (
          <Alert severity="info" data-testid="settings-read-only">
            {t('adminCatalog.settings.readOnly')}
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
            alignItems: 'start',
          }}
        >
          {SETTING_GROUPS.map((group) => (
            <Paper key={group.id} sx={{ p: 2 }} data-testid={`settings-group-${group.id}`}>
              <Typography variant="subtitle1" component="h2" sx={{ mb: 0.5, fontWeight: 600 }}>
                {t(`adminCatalog.settings.groups.${group.id}.title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t(`adminCatalog.settings.groups.${group.id}.hint`)}
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', sm: group.keys.length > 2 ? '1fr 1fr' : '1fr' },
                }}
              >
                {group.keys.map((key) => (
                  <SettingInput
                    key={key}
                    settingKey={key}
                    register={register}
                    control={control}
                    errors={formState.errors}
                    readOnly={!canEdit}
                  />
                ))}
              </Box>
            </Paper>
          ))}
        </Box>
        {canEdit ? (
          <SettingsActions
            control={control}
            loaded={loaded}
            blocked={hasErrors || update.isPending}
            busy={update.isPending}
            onDiscard={() => reset(loaded)}
          />
        ) : null}
      </Stack>
      {/* Each change is kept in the audit log with its reason (decision 037). */}
      <ReasonDialog
        open={confirming !== null}
        title={t('adminCatalog.settings.confirmTitle')}
        message={t('adminCatalog.settings.confirmMessage')}
        confirmLabel={t('common.yes')}
        testId="settings-confirm"
        busy={update.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={save}
      >
        <ChangeList changes={confirming ?? []} />
      </ReasonDialog>
    </Box>
  );
}

function SettingsHistory() {
  const { t, i18n } = useTranslation();
  const shown = useShownValue();
  const filters = useFilteredPages<{ key: EditableOptionKey | '' }>({ key: '' });
  const history = useAdminSettingsHistory({
    key: filters.applied.key || undefined,
    page: filters.page + 1,
    pageSize: filters.pageSize,
  });
  return (
    <Stack spacing={1.5} data-testid="settings-history">
      <Typography variant="h6" component="h2">
        {t('adminCatalog.settings.history')}
      </Typography>
      <FilterBar onApply={filters.apply}>
        <FilterField
          select
          label={t('adminCatalog.settings.setting')}
          {...filters.field('key')}
          slotProps={{ htmlInput: { 'data-testid': 'history-key' } }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('admin.filters.all')}</MenuItem>
          {EDITABLE_OPTION_KEYS.map((key) => (
            <MenuItem key={key} value={key}>
              {t(`adminCatalog.settings.fields.${fieldOf(key)}`)}
            </MenuItem>
          ))}
        </FilterField>
      </FilterBar>
      <PagedTable
        minWidth={720}
        testId="settings-history-table"
        columns={5}
        head={
          <>
            <TableCell>{t('adminCatalog.settings.at')}</TableCell>
            <TableCell>{t('adminCatalog.settings.setting')}</TableCell>
            <TableCell>{t('adminCatalog.settings.change')}</TableCell>
            <TableCell>{t('adminCatalog.settings.operator')}</TableCell>
            <TableCell>{t('adminCatalog.settings.address')}</TableCell>
          </>
        }
        empty={history.isSuccess && history.data.list.length === 0}
        total={history.data?.total ?? 0}
        pager={filters}
        pageSizes={[10, 20, 50]}
      >
        {(history.data?.list ?? []).map((item) => (
          <TableRow key={item.id} data-testid="settings-history-row" data-key={item.key}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.at, i18n.language)}</TableCell>
            <TableCell>
              {t(`adminCatalog.settings.fields.${fieldOf(item.key)}`)}
              <Typography variant="caption" color="text.secondary" component="div" dir="ltr">
                {item.key}
              </Typography>
            </TableCell>
            <TableCell>
              {shown(item.key, item.before)} <bdi>→</bdi> <strong>{shown(item.key, item.after)}</strong>
            </TableCell>
            <TableCell>{item.operatorName}</TableCell>
            <TableCell>{item.address}</TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </Stack>
  );
}

/** The settings as the server holds them now, and the form over them (reloaded when they change meanwhile). */
function Settings() {
  const { t } = useTranslation();
  const canEdit = useCan('adminOptionsUpdate');
  const settings = useAdminSettings();
  const list: TOptionEntry[] | undefined = settings.data?.list;
  const signature = list ? signatureOf(list.map((entry) => [entry.key, entry.value])) : null;
  const previous = useRef<string | null>(null);
  /** What the settings will read once this screen's own save is applied. */
  const expected = useRef<string | null>(null);
  const [reloaded, setReloaded] = useState(false);

  useEffect(() => {
    if (signature === null) return;
    if (previous.current !== null && previous.current !== signature)
      setReloaded(signature !== expected.current);
    previous.current = signature;
  }, [signature]);

  return (
    <Stack spacing={2} data-testid="page-admin-settings">
      <Typography variant="h5" component="h1">
        {t('adminCatalog.nav.settings')}
      </Typography>
      {list && signature ? (
        <SettingsForm
          key={signature}
          loaded={valuesOf(list)}
          canEdit={canEdit}
          reloaded={reloaded}
          onSaving={(changes) => {
            const next = new Map(list.map((entry) => [entry.key, entry.value]));
            for (const change of changes) next.set(change.key, change.value);
            expected.current = signatureOf([...next.entries()]);
          }}
        />
      ) : null}
      <SettingsHistory />
    </Stack>
  );
}

/** `#/admin/settings`: prices, commission rates, withdrawal rules, switches, shop link and time zone, with history. */
export function SettingsPage() {
  return (
    <RequireCall call="adminOptionsGet">
      <Settings />
    </RequireCall>
  );
}
