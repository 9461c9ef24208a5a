import type { TBillEntry } from '@promoter/contract';
import { Fragment } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from '../../../router';
import type { BillFilter } from '../../../api/get-bill';
import { useBill } from '../../../api/get-bill';
import { paths } from '../../../config/paths';
import { Card } from '../../../ui/card';
import { List } from '../../../ui/list';
import { BillEntryItem } from './bill-entry-item';
import styles from './bill-list.module.css';
import { ListEmpty, ListError, ListSkeleton } from './list-states';
import { LoadMore } from './load-more';

/** A ledger flow under a filter, newest first, loading further pages as it scrolls; each entry opens its detail. */
export function BillList({ filter }: { filter: BillFilter }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useBill(filter);
  const entries = query.data?.pages.flatMap((page) => page.list) ?? [];
  const open = (entry: TBillEntry) => void navigate(paths.agent.currencyDetail.getHref({ id: entry.id }));

  if (query.isPending) return <ListSkeleton />;
  if (query.isError && entries.length === 0) return <ListError onRetry={() => query.refetch()} />;
  if (entries.length === 0) return <ListEmpty text={t('money.flow.empty')} testId="bill-empty" />;
  return (
    <>
      <Card>
        <List disablePadding data-testid="bill-list">
          {entries.map((entry, index) => (
            <Fragment key={entry.id}>
              {index > 0 ? <li role="separator" className={styles.divider} /> : null}
              <li>
                <BillEntryItem entry={entry} onOpen={open} />
              </li>
            </Fragment>
          ))}
        </List>
      </Card>
      <LoadMore query={query} shown={entries.length} testId="bill-load-more" />
    </>
  );
}
