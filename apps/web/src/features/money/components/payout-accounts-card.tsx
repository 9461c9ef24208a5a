import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Fade from '@mui/material/Fade';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PAYOUT_ACCOUNTS_MAX, type TPayoutAccount } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePayoutAccounts } from '../../../api/get-payout-accounts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CARD_RELOAD_MS } from '../../../config/constants';
import { notify } from '../../../lib/notify';
import { useDeletePayoutAccount, useSetDefaultPayoutAccount } from '../api/payout-accounts';
import { ListEmpty, ListError, ListSkeleton } from './list-states';
import { PayoutAccountDialog } from './payout-account-dialog';
import { PayoutAccountLine, usePayoutAccountText } from './payout-account-line';

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
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
              {t('payout.title')}
            </Typography>
            <Tooltip title={t('payout.reload')}>
              <span>
                <IconButton
                  size="small"
                  onClick={() => void reload()}
                  disabled={reloading}
                  aria-label={t('payout.reload')}
                  data-testid="payout-reload"
                >
                  <RefreshOutlined fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
          <Box sx={{ position: 'relative', minHeight: 64 }}>
            <Box sx={{ opacity: reloading ? 0.35 : 1, transition: 'opacity 200ms' }}>
              {accounts.isPending ? (
                <ListSkeleton rows={2} />
              ) : accounts.isError && list.length === 0 ? (
                <ListError onRetry={() => accounts.refetch()} />
              ) : list.length === 0 ? (
                <ListEmpty text={t('payout.empty')} testId="payout-empty" />
              ) : (
                <Stack divider={<Divider flexItem />} data-testid="payout-list">
                  {list.map((account) => (
                    <Stack
                      key={account.id}
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', py: 1 }}
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
                              sx={{ ml: 1, height: 20 }}
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
                          sx={{ flexShrink: 0 }}
                        >
                          {t('payout.setDefault')}
                        </Button>
                      )}
                      <IconButton
                        onClick={() => setDeleting(account)}
                        aria-label={`${t('payout.delete')} ${describe(account)}`}
                        data-testid={`payout-delete-${account.id}`}
                      >
                        <DeleteOutline />
                      </IconButton>
                    </Stack>
                  ))}
                </Stack>
              )}
            </Box>
            <Fade in={reloading} unmountOnExit>
              <Box
                sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
                role="status"
                aria-label={t('payout.reloading')}
                data-testid="payout-reloading"
              >
                <CircularProgress size={32} />
              </Box>
            </Fade>
          </Box>
          <Button
            variant="outlined"
            startIcon={<AddOutlined />}
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
