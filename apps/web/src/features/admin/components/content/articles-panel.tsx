import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { useAdminArticles } from '../../api/get-admin-articles';
import { formatDateTime } from '../../lib/format';
import { EmptyRow } from '../empty-row';
import { ArticleEditor } from './article-editor';
import { LocaleChips, PanelHeading, useCanWrite } from './content-parts';

/** Every article of the app (no pages: they are few), each opened in its editor by those who may write. */
export function ArticlesPanel() {
  const { t, i18n } = useTranslation();
  const list = useAdminArticles();
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  return (
    <Stack spacing={2} data-testid="content-articles">
      <PanelHeading
        hint={t('adminContent.articles.hint')}
        newLabel={t('adminContent.articles.new')}
        newTestId="article-new"
        onNew={() => setEditing('new')}
      />
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
              <EmptyRow show={list.isSuccess && list.data.list.length === 0} columns={5} />
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
