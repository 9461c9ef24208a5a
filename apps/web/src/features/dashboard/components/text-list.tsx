import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { truncate } from '../../../lib/format';

/** How much of a text shows before "read more". */
const PREVIEW_CHARS = 140;

export interface TextItem {
  id: number;
  title: string;
  content: string;
  /** Date, audience, language note: what the reader sees under the title. */
  meta: ReactNode;
}

function TextCard({ item, testId }: { item: TextItem; testId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const long = Array.from(item.content).length > PREVIEW_CHARS;
  return (
    <Card data-testid={testId}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 1 }}
        >
          {item.meta}
        </Stack>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {open || !long ? item.content : truncate(item.content, PREVIEW_CHARS)}
        </Typography>
        {long ? (
          <Button
            size="small"
            onClick={() => setOpen((was) => !was)}
            aria-expanded={open}
            sx={{ mt: 1, minHeight: 44 }}
          >
            {open ? t('dashboards.text.less') : t('dashboards.text.more')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The texts the operator writes, newest first, a page at a time. */
export function TextList({
  items,
  total,
  page,
  pageSize,
  onPage,
  empty,
  testId,
}: {
  items: readonly TextItem[] | undefined;
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  empty: string;
  testId: string;
}) {
  if (!items)
    return (
      <Stack spacing={2}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={120} />
        ))}
      </Stack>
    );
  if (items.length === 0)
    return (
      <Typography color="text.secondary" data-testid={`${testId}-empty`}>
        {empty}
      </Typography>
    );
  const pages = Math.ceil(total / pageSize);
  return (
    <Stack spacing={2} data-testid={testId}>
      {items.map((item) => (
        <TextCard key={item.id} item={item} testId={`${testId}-item`} />
      ))}
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={page}
          onChange={(_, next) => onPage(next)}
          sx={{ alignSelf: 'center', '& .MuiPaginationItem-root': { minWidth: 44, height: 44 } }}
        />
      ) : null}
    </Stack>
  );
}
