import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { exportDefs } from '@promoter/contract';
import type { ExportFilter, ExportKind } from '@promoter/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../api/errors';
import { fetchExport } from '../../../api/export-csv';
import type { ExportProgress } from '../../../api/export-csv';
import { languageOf } from '../../../i18n/languages';
import { formatBytes, saveFile } from '../../../lib/download';
import { formatCount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useOperatorRight } from '../../../lib/operator-session';

export interface ExportButtonProps<K extends ExportKind> {
  /** Which list (the contract's EXPORT_KINDS). */
  kind: K;
  /** The filters the list shows now: what the operator sees filtered is what it exports. */
  filters: ExportFilter<K>;
  disabled?: boolean;
}

/**
 * Exports a console list as CSV (decision 018, reports): the server streams it, this shows the rows and bytes received
 * so far with a cancel button, then hands the file to the browser's downloads. Hidden from a role without the
 * export's right (`reports`; the audit log's: `audit.read`).
 */
export function ExportButton<K extends ExportKind>({ kind, filters, disabled }: ExportButtonProps<K>) {
  const { t, i18n } = useTranslation();
  const allowed = useOperatorRight(exportDefs[kind].right);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const locale = languageOf(i18n.language).htmlLang;

  // Leaving the page cancels an export still running.
  useEffect(() => () => controller.current?.abort(), []);

  if (!allowed) return null;

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ rows: 0, bytes: 0 });
    try {
      const file = await fetchExport(kind, filters, { signal: abort.signal, onProgress: setProgress });
      saveFile(file.blob, file.filename);
      notify.success(t('adminReports.export.done', { rows: formatCount(file.rows, locale) }));
    } catch (error) {
      if (abort.signal.aborted) notify.info(t('adminReports.export.cancelled'));
      // A refusal was shown by the API client already.
      else if (!isApiError(error)) notify.error(t('adminReports.export.failed'));
    } finally {
      if (controller.current === abort) controller.current = null;
      setProgress(null);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={() => void start()}
        disabled={disabled || progress !== null}
        data-testid={`export-${kind}`}
      >
        {t('adminReports.export.button')}
      </Button>
      {progress ? (
        <Paper
          variant="outlined"
          role="status"
          aria-live="polite"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            px: 1.5,
            py: 0.5,
            minWidth: 0,
            flexWrap: 'wrap',
          }}
          data-testid="export-progress"
        >
          <LinearProgress sx={{ width: 72 }} aria-label={t('adminReports.export.running')} />
          <Typography variant="body2" data-testid="export-progress-text">
            {t('adminReports.export.progress', {
              rows: formatCount(progress.rows, locale),
              size: formatBytes(progress.bytes, locale),
            })}
          </Typography>
          <Button size="small" onClick={() => controller.current?.abort()} data-testid="export-cancel">
            {t('adminReports.export.cancel')}
          </Button>
        </Paper>
      ) : null}
    </Box>
  );
}
