import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DOWNLINE_SEARCH_KEYWORD_MAX } from '@promoter/contract';
import type { TTreeNode } from '@promoter/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChildrenInfinite } from '../../../api/get-children';
import { useTreeRoot } from '../../../api/get-tree';
import { useTransferToAgent } from '../api/transfer-to-agent';
import { AgentLine } from '../components/agent-line';
import type { AgentChoice } from '../components/agent-line';
import { AgentOnly } from '../components/agent-only';
import { ListEmpty, ListError, ListSkeleton } from '../components/list-states';
import { LoadMore } from '../components/load-more';
import { SectionCard } from '../components/section-card';
import { SendDiamonds } from '../components/send-diamonds';
import type { DiamondsSent } from '../components/send-diamonds';
import { useDebouncedValue } from '../lib/use-debounced-value';

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
  const children = useChildrenInfinite(keyword, tab === 'children');
  const tree = useTreeRoot(tab === 'team');
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
                maxLength: DOWNLINE_SEARCH_KEYWORD_MAX,
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
              <LoadMore query={children} shown={childChoices.length} testId="transfer-load-more" />
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
  const { t } = useTranslation();
  const [agent, setAgent] = useState<AgentChoice | null>(null);
  const [result, setResult] = useState<DiamondsSent | null>(null);
  const transfer = useTransferToAgent();

  return (
    <SendDiamonds
      kind="transfer"
      recipient={agent ? { id: agent.agentId, nickname: agent.nickname } : null}
      selected={
        agent ? (
          <Box data-testid="transfer-selected">
            <AgentLine agent={agent} />
          </Box>
        ) : null
      }
      mutation={transfer}
      inputOf={(to, diamonds, requestId) => ({ toAgentId: to.id, diamonds, requestId })}
      result={result}
      onResult={setResult}
    >
      <SectionCard title={t('money.transfer.pickTitle')} spacing={1.5}>
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
      </SectionCard>
    </SendDiamonds>
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
