import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { languageOf } from '../../../i18n/languages';
import { MAGAZINE_PAGE_SIZE, useMagazine } from '../api/get-magazine';
import { DashboardFrame } from '../components/dashboard-frame';
import { TextList } from '../components/text-list';
import { formatInstant } from '../lib/format';

/** The magazine dashboard: the platform's articles, last changed first, in the reader's language when written in it. */
export function MagazineDashboardPage() {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const [page, setPage] = useState(1);
  const query = useMagazine(page);
  const data = query.data;
  return (
    <DashboardFrame name="magazine" query={{ ...query, hasData: data !== undefined }}>
      <TextList
        testId="magazine"
        items={data?.list.map((article) => ({
          id: article.id,
          title: article.title,
          content: article.content,
          meta: (
            <>
              <Typography variant="caption" color="text.secondary">
                {t('dashboards.magazine.updated', { time: formatInstant(article.updatedAt, locale) })}
              </Typography>
              {article.locale !== i18n.language && i18n.language !== 'cn' ? (
                <Chip size="small" variant="outlined" label={t('dashboards.text.chineseOnly')} />
              ) : null}
            </>
          ),
        }))}
        total={data?.total ?? 0}
        page={page}
        pageSize={MAGAZINE_PAGE_SIZE}
        onPage={setPage}
        empty={t('dashboards.magazine.empty')}
      />
    </DashboardFrame>
  );
}
