import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { languageOf } from '../../../i18n/languages';
import { levelLabelKey } from '../../../lib/agent-level';
import { NEWS_PAGE_SIZE, useNews } from '../api/get-news';
import { DashboardFrame } from '../components/dashboard-frame';
import { TextList } from '../components/text-list';
import { formatInstant } from '../lib/format';

/** The news dashboard: the platform's announcements to every agent or to the reader's level, newest first. */
export function NewsDashboardPage() {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const [page, setPage] = useState(1);
  const query = useNews(page);
  const data = query.data;
  return (
    <DashboardFrame name="news" query={{ ...query, hasData: data !== undefined }}>
      <TextList
        testId="news"
        items={data?.list.map((announcement) => ({
          id: announcement.id,
          title: announcement.title,
          content: announcement.content,
          meta: (
            <>
              <Typography variant="caption" color="text.secondary">
                {t('dashboards.news.published', { time: formatInstant(announcement.createdAt, locale) })}
              </Typography>
              <Chip
                size="small"
                color={announcement.level === null ? 'default' : 'primary'}
                variant="outlined"
                label={
                  announcement.level === null
                    ? t('dashboards.news.toAll')
                    : t('dashboards.news.toLevel', {
                        level: t('level.withPromoter', { level: t(levelLabelKey(announcement.level)) }),
                      })
                }
              />
              {announcement.locale !== i18n.language && i18n.language !== 'cn' ? (
                <Chip size="small" variant="outlined" label={t('dashboards.text.chineseOnly')} />
              ) : null}
            </>
          ),
        }))}
        total={data?.total ?? 0}
        page={page}
        pageSize={NEWS_PAGE_SIZE}
        onPage={setPage}
        empty={t('dashboards.news.empty')}
      />
    </DashboardFrame>
  );
}
