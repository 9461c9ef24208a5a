import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { RequireCall } from '../components/admin-layout';
import { AnnouncementsPanel } from '../components/content/announcements-panel';
import { ArticlesPanel } from '../components/content/articles-panel';

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
 * `#/admin/content` (decision 018): the app's articles (help, agent description, recruiting, platform index, ...) and
 * the announcements to every agent or to one level, each in Chinese and the other languages the operator writes.
 * Every role reads; support and the owner write (`content.manage`).
 */
export function ContentPage() {
  return (
    <RequireCall call="adminArticleList">
      <Content />
    </RequireCall>
  );
}
