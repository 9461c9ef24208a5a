import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TTreeNode } from '@promoter/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../config/paths';
import { languageOf } from '../../../i18n/languages';
import { formatCount } from '../../../lib/format';
import { useChildren } from '../api/get-children';
import { useTree } from '../api/get-tree';
import { useTransferToAgent } from '../api/transfer-to-agent';
import { AccountSummary, useAgent } from '../components/account-summary';
import { AgentOnly } from '../components/agent-only';
import { AgentLine } from '../components/agent-line';
import type { AgentChoice } from '../components/agent-line';
import { ConfirmRows } from '../components/confirm-rows';
import { DiamondAmountField, diamondAmountError } from '../components/diamond-amount-field';
import { ListEmpty, ListError, ListSkeleton } from '../components/list-states';
import { SuccessCard } from '../components/success-card';
import { LoadMore } from '../components/load-more';
import { useConfirmation } from '../lib/use-confirmation';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { useRequestIds } from '../lib/use-request-id';

/** The downline under the root, depth first, each agent with its depth (1 = direct child). */
function flatten(node: TTreeNode, depth = 0): AgentChoice[] {
  const own: AgentChoice[] =
    depth === 0
      ? []
      : [
          {
            agentId: node.agentId,
            nickname: node.nickname,
            level: node.level,
            teamSize: node.teamSize,
            depth,
          },
        ];
  return [...own, ...node.children.flatMap((child) => flatten(child, depth + 1))];
}

function AgentPicker({
  selected,
  onChoose,
}: {
  selected: AgentChoice | null;
  onChoose: (agent: AgentChoice) => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'children' | 'team'>('children');
  const [keywordInput, setKeywordInput] = useState('');
  const keyword = useDebouncedValue(keywordInput.trim());
  const children = useChildren(keyword, tab === 'children');
  const tree = useTree(tab === 'team');
  const team = useMemo(() => (tree.data ? flatten(tree.data) : []), [tree.data]);

  const childChoices: AgentChoice[] =
    children.data?.pages.flatMap((page) =>
      page.list.map((c) => ({
        agentId: c.agentId,
        nickname: c.nickname,
        avatar: c.avatar,
        level: c.level,
        teamSize: c.teamSize,
        depth: 1,
      })),
    ) ?? [];

  const renderList = (choices: AgentChoice[]) => (
    <List disablePadding data-testid="transfer-agent-list">
      {choices.map((agent) => (
        <ListItemButton
          key={agent.agentId}
          selected={selected?.agentId === agent.agentId}
          onClick={() => onChoose(agent)}
          data-testid={`transfer-agent-${agent.agentId}`}
          sx={{ borderRadius: 1, pr: 1, pl: 1 + (agent.depth - 1) * 3 }}
        >
          <AgentLine agent={agent} />
        </ListItemButton>
      ))}
    </List>
  );

  return (
    <Stack spacing={1.5}>
      <Tabs value={tab} onChange={(_, value: 'children' | 'team') => setTab(value)} variant="fullWidth">
        <Tab value="children" label={t('money.transfer.direct')} data-testid="transfer-tab-children" />
        <Tab value="team" label={t('money.transfer.team')} data-testid="transfer-tab-team" />
      </Tabs>
      {tab === 'children' ? (
        <>
          <TextField
            size="small"
            value={keywordInput}
            onChange={(event) => setKeywordInput(event.target.value)}
            placeholder={t('money.transfer.searchPlaceholder')}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: {
                maxLength: 64,
                'aria-label': t('money.transfer.searchPlaceholder'),
                'data-testid': 'transfer-search-input',
              },
            }}
          />
          {children.isPending ? (
            <ListSkeleton rows={2} />
          ) : children.isError && childChoices.length === 0 ? (
            <ListError onRetry={() => children.refetch()} />
          ) : childChoices.length === 0 ? (
            <ListEmpty text={keyword ? t('money.transfer.noMatch') : t('money.transfer.noChildren')} />
          ) : (
            <>
              {renderList(childChoices)}
              <LoadMore
                hasNextPage={children.hasNextPage}
                isFetchingNextPage={children.isFetchingNextPage}
                fetchNextPage={() => children.fetchNextPage()}
                shown={childChoices.length}
                testId="transfer-load-more"
              />
            </>
          )}
        </>
      ) : tree.isPending ? (
        <ListSkeleton rows={3} />
      ) : tree.isError ? (
        <ListError onRetry={() => tree.refetch()} />
      ) : team.length === 0 ? (
        <ListEmpty text={t('money.transfer.noChildren')} />
      ) : (
        renderList(team)
      )}
    </Stack>
  );
}

function TransferForm() {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const { user } = useAgent();
  const [agent, setAgent] = useState<AgentChoice | null>(null);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const confirmation = useConfirmation<{ agent: AgentChoice; diamonds: number }>();
  const [result, setResult] = useState<{ agent: AgentChoice; diamonds: number; stock: number } | null>(null);
  const transfer = useTransferToAgent();
  const requestIds = useRequestIds();

  const amountError = diamondAmountError(amount, user?.diamonds);
  const canSubmit = agent !== null && amountError === null && !transfer.isPending;

  const confirm = () => {
    const attempt = confirmation.attempt;
    if (!attempt) return;
    const { agent: target, diamonds } = attempt;
    const requestId = requestIds.forAttempt(`${target.agentId}:${diamonds}`);
    transfer.mutate(
      { toAgentId: target.agentId, diamonds, requestId },
      {
        onSuccess: (data) => {
          requestIds.reset();
          setResult({ agent: target, diamonds, stock: data.diamonds });
          setAmount('');
          setTouched(false);
          confirmation.close();
        },
        onError: () => confirmation.close(),
      },
    );
  };

  return (
    <Stack spacing={2}>
      <AccountSummary show={['diamonds']} />
      {result ? (
        <SuccessCard
          testId="transfer-success"
          title={t('money.transfer.successTitle')}
          text={t('money.transfer.successText', {
            nickname: result.agent.nickname,
            id: result.agent.agentId,
            diamonds: formatCount(result.diamonds, locale),
          })}
          after={t('money.common.stockAfter', { stock: formatCount(result.stock, locale) })}
          actions={
            <>
              <Button variant="contained" onClick={() => setResult(null)}>
                {t('money.transfer.again')}
              </Button>
              <Button component={Link} to={paths.agent.currencyList.getHref()} variant="outlined">
                {t('money.common.viewFlow')}
              </Button>
            </>
          }
        />
      ) : null}
      <Card>
        <CardContent>
          <Stack spacing={1.5}>
            <Typography variant="subtitle2" component="h2">
              {t('money.transfer.pickTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('money.transfer.pickHint')}
            </Typography>
            <AgentPicker
              selected={agent}
              onChoose={(chosen) => {
                setAgent(chosen);
                setResult(null);
              }}
            />
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="subtitle2" component="h2">
              {t('money.transfer.target')}
            </Typography>
            {agent ? (
              <Box data-testid="transfer-selected">
                <AgentLine agent={agent} />
              </Box>
            ) : (
              <Typography color="text.secondary">{t('money.transfer.pickAgent')}</Typography>
            )}
            <DiamondAmountField
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setTouched(true);
              }}
              error={touched ? amountError : null}
              stock={user?.diamonds}
              disabled={transfer.isPending}
              testIdPrefix="transfer"
            />
            <Button
              variant="contained"
              size="large"
              disabled={!canSubmit}
              onClick={() => {
                setTouched(true);
                if (canSubmit && agent) confirmation.ask({ agent, diamonds: Number(amount.trim()) });
              }}
              data-testid="transfer-submit"
            >
              {transfer.isPending ? t('money.common.sending') : t('money.transfer.submit')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirmation.open}
        title={t('money.transfer.confirmTitle')}
        busy={transfer.isPending}
        onCancel={confirmation.close}
        onConfirm={confirm}
        message={
          confirmation.attempt ? (
            <ConfirmRows
              rows={[
                {
                  label: t('money.transfer.confirmAgent'),
                  value: t('money.common.nameWithId', {
                    name: confirmation.attempt.agent.nickname,
                    id: confirmation.attempt.agent.agentId,
                  }),
                  testId: 'transfer-confirm-agent',
                },
                {
                  label: t('money.transfer.confirmAmount'),
                  value: t('money.common.diamondsValue', {
                    value: formatCount(confirmation.attempt.diamonds, locale),
                  }),
                  testId: 'transfer-confirm-amount',
                },
              ]}
              note={t('money.transfer.confirmNote')}
            />
          ) : null
        }
      />
    </Stack>
  );
}

/** /agent/transfer-agent: pass diamonds from the agent's stock to an agent of its downline. */
export function TransferAgentPage() {
  return (
    <Box data-testid="page-transfer-agent">
      <AgentOnly>
        <TransferForm />
      </AgentOnly>
    </Box>
  );
}
