import { PAYOUT_ACCOUNTS_MAX, type TPayoutAccount } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { usePayoutAccounts } from '../../../api/get-payout-accounts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CARD_RELOAD_MS } from '../../../config/constants';
import { notify } from '../../../lib/notify';
import { Button, IconButton } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { Chip } from '../../../ui/chip';
import { cx } from '../../../ui/cx';
import { Divider } from '../../../ui/divider';
import { AddOutlinedIcon } from '../../../ui/icons/AddOutlinedIcon';
import { DeleteOutlinedIcon } from '../../../ui/icons/DeleteOutlinedIcon';
import { RefreshOutlinedIcon } from '../../../ui/icons/RefreshOutlinedIcon';
import { Spinner } from '../../../ui/progress';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { Tooltip } from '../../../ui/tooltip';
import { useDeletePayoutAccount, useSetDefaultPayoutAccount } from '../api/payout-accounts';
import { ListEmpty, ListError, ListSkeleton } from './list-states';
import { PayoutAccountDialog } from './payout-account-dialog';
import { PayoutAccountLine, usePayoutAccountText } from './payout-account-line';
import styles from './payout-accounts-card.module.css';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The agent's payout accounts on /agent/Withdraw (SPEC's cards: added with the number masked, deleted after the
 * confirm dialog, reloaded with the 1.5 s card reload animation): the default first, each with set-default and
 * delete; the add dialog.
 */
export function PayoutAccountsCard() {
  const { t } = useTranslation();
  const accounts = usePayoutAccounts();
  const remove = useDeletePayoutAccount();
  const setDefault = useSetDefaultPayoutAccount();
  const describe = usePayoutAccountText();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TPayoutAccount | null>(null);
  const [reloading, setReloading] = useState(false);
  const list = accounts.data?.list ?? [];
  const full = list.length >= PAYOUT_ACCOUNTS_MAX;

  // The card reload animation: the list fades under a spinner for CARD_RELOAD_MS, however fast the answer comes.
  const reload = async () => {
    if (reloading) return;
    setReloading(true);
    await Promise.allSettled([accounts.refetch(), delay(CARD_RELOAD_MS)]);
    setReloading(false);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(t('payout.deleted'));
      setDeleting(null);
    } catch {
      // The client has shown why; the dialog stays for another try.
    }
  };

  return (
    <Card data-testid="payout-accounts">
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" alignItems="center">
            <Text variant="subtitle2" component="h2" className={styles.title}>
              {t('payout.title')}
            </Text>
            <Tooltip title={t('payout.reload')}>
              <span>
                <IconButton
                  size="small"
                  onClick={() => void reload()}
                  disabled={reloading}
                  aria-label={t('payout.reload')}
                  data-testid="payout-reload"
                >
                  <RefreshOutlinedIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
          <div className={styles.body}>
            <div className={cx(styles.content, reloading && styles.reloading)}>
              {accounts.isPending ? (
                <ListSkeleton rows={2} />
              ) : accounts.isError && list.length === 0 ? (
                <ListError onRetry={() => accounts.refetch()} />
              ) : list.length === 0 ? (
                <ListEmpty text={t('payout.empty')} testId="payout-empty" />
              ) : (
                <Stack divider={<Divider />} data-testid="payout-list">
                  {list.map((account) => (
                    <Stack
                      key={account.id}
                      direction="row"
                      spacing={1}
                      alignItems="center"
                      className={styles.account}
                      data-testid={`payout-account-${account.id}`}
                    >
                      <PayoutAccountLine
                        account={account}
                        trailing={
                          account.isDefault ? (
                            <Chip
                              size="small"
                              color="primary"
                              label={t('payout.default')}
                              className={styles.defaultChip}
                              data-testid="payout-default-chip"
                            />
                          ) : null
                        }
                      />
                      {account.isDefault ? null : (
                        <Button
                          size="small"
                          onClick={() =>
                            setDefault.mutate(account.id, {
                              onSuccess: () => notify.success(t('payout.defaultSet')),
                            })
                          }
                          disabled={setDefault.isPending}
                          data-testid={`payout-set-default-${account.id}`}
                          className={styles.setDefault}
                        >
                          {t('payout.setDefault')}
                        </Button>
                      )}
                      <IconButton
                        onClick={() => setDeleting(account)}
                        aria-label={`${t('payout.delete')} ${describe(account)}`}
                        data-testid={`payout-delete-${account.id}`}
                      >
                        <DeleteOutlinedIcon />
                      </IconButton>
                    </Stack>
                  ))}
                </Stack>
              )}
            </div>
            {reloading ? (
              <div
                className={styles.overlay}
                role="status"
                aria-label={t('payout.reloading')}
                data-testid="payout-reloading"
              >
                <Spinner size={32} color="primary" />
              </div>
            ) : null}
          </div>
          <Button
            variant="outlined"
            startIcon={<AddOutlinedIcon />}
            onClick={() => setAdding(true)}
            disabled={full}
            data-testid="payout-add"
          >
            {full ? t('payout.limit', { max: PAYOUT_ACCOUNTS_MAX }) : t('payout.add')}
          </Button>
        </Stack>
      </CardContent>
      <PayoutAccountDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('payout.deleteTitle')}
        message={deleting ? t('payout.deleteMessage', { account: describe(deleting) }) : ''}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Card>
  );
}
