import { DOWNLINE_SEARCH_KEYWORD_MAX, ZAgentId } from '@promoter/contract';
import type { TChildAgent } from '@promoter/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../router';
import {
  childrenTeamInfiniteQueryOptions,
  useChildrenInfinite,
  useChildrenTeamInfinite,
} from '../../../api/get-children';
import { RetryAlert } from '../../../components/ui/retry-alert';
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
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { SearchIcon } from '../../../ui/icons/SearchIcon';
import { List, ListItemButton } from '../../../ui/list';
import { Stack } from '../../../ui/stack';
import { Tab, Tabs } from '../../../ui/tabs';
import { Text } from '../../../ui/text';
import { TextField } from '../../../ui/text-field';
import styles from './transfer-agent-page.module.css';

/** A child agent as the picker shows it. */
function choiceOf(c: TChildAgent): AgentChoice {
  return {
    agentId: c.agentId,
    nickname: c.nickname,
    avatar: c.avatar,
    level: c.level,
    teamSize: c.teamSize,
    depth: c.depth,
  };
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
  // The whole team from the server, nearest first and paged (the tree is loaded a level at a time, decision 024).
  const team = useChildrenTeamInfinite(keyword, tab === 'team');
  const list = tab === 'children' ? children : team;
  const choices: AgentChoice[] = list.data?.pages.flatMap((page) => page.list.map(choiceOf)) ?? [];

  const renderList = (items: AgentChoice[]) => (
    <List component="div" disablePadding data-testid="transfer-agent-list">
      {items.map((agent) => (
        <ListItemButton
          key={agent.agentId}
          selected={selected?.agentId === agent.agentId}
          onClick={() => onChoose(agent)}
          data-testid={`transfer-agent-${agent.agentId}`}
          className={styles.agent}
          // Each level deeper, 24 px further in.
          style={{ paddingInlineStart: 8 + (agent.depth - 1) * 24 }}
        >
          <AgentLine agent={agent} />
        </ListItemButton>
      ))}
    </List>
  );

  return (
    <Stack spacing={1.5}>
      <Tabs value={tab} onChange={setTab} variant="fullWidth">
        <Tab value="children" label={t('money.transfer.direct')} data-testid="transfer-tab-children" />
        <Tab value="team" label={t('money.transfer.team')} data-testid="transfer-tab-team" />
      </Tabs>
      <TextField
        size="small"
        value={keywordInput}
        onChange={(event) => setKeywordInput(event.target.value)}
        placeholder={t('money.transfer.searchPlaceholder')}
        startAdornment={<SearchIcon fontSize="small" />}
        inputProps={{
          maxLength: DOWNLINE_SEARCH_KEYWORD_MAX,
          'aria-label': t('money.transfer.searchPlaceholder'),
          'data-testid': 'transfer-search-input',
        }}
      />
      {list.isPending ? (
        <ListSkeleton rows={2} />
      ) : list.isError && choices.length === 0 ? (
        <ListError onRetry={() => list.refetch()} />
      ) : choices.length === 0 ? (
        <ListEmpty text={keyword ? t('money.transfer.noMatch') : t('money.transfer.noChildren')} />
      ) : (
        <>
          {renderList(choices)}
          <LoadMore query={list} shown={choices.length} testId="transfer-load-more" />
        </>
      )}
    </Stack>
  );
}

/** Where the agent named by the link (`?agentId=`) stands: looked up, found in the team, not found, or not asked. */
type Preset =
  | { state: 'none' }
  | { state: 'loading'; label: string }
  | { state: 'found'; agent: AgentChoice }
  | { state: 'missing'; label: string }
  | { state: 'failed'; label: string; retry: () => unknown };

/** The id as the link gave it, cut short for a message (a hand-typed link may hold anything). */
const labelOf = (raw: string) => (raw.length > 20 ? `${raw.slice(0, 20)}…` : raw);

/**
 * The agent `?agentId=` names, looked up in the caller's whole team (`children` with scope `team` and the id as
 * keyword, kept only on the exact id; the query the team tab shares when searching that id). Not found: not the
 * caller's (the server would refuse a transfer to it anyway).
 */
export function usePresetAgent(raw: string | null): Preset {
  const parsed = raw !== null && /^\d{1,10}$/.test(raw) ? ZAgentId.safeParse(raw) : null;
  const id = parsed?.success ? parsed.data : null;
  const lookup = useInfiniteQuery({
    ...childrenTeamInfiniteQueryOptions(String(id ?? '')),
    enabled: id !== null,
  });
  const found = lookup.data?.pages[0]?.list.find((c) => c.agentId === id);

  if (raw === null) return { state: 'none' };
  const label = labelOf(raw);
  if (id === null) return { state: 'missing', label };
  if (found) return { state: 'found', agent: choiceOf(found) };
  if (lookup.isError) return { state: 'failed', label, retry: () => lookup.refetch() };
  if (lookup.isSuccess) return { state: 'missing', label };
  return { state: 'loading', label };
}

function PresetNotice({ preset }: { preset: Preset }) {
  const { t } = useTranslation();
  if (preset.state === 'loading')
    return (
      <Text variant="body2" color="textSecondary" data-testid="transfer-preset-loading">
        {t('money.transfer.presetLoading', { id: preset.label })}
      </Text>
    );
  if (preset.state === 'missing')
    return (
      <Alert severity="warning" data-testid="transfer-preset-missing">
        {t('money.transfer.presetMissing', { id: preset.label })}
      </Alert>
    );
  if (preset.state === 'failed')
    return (
      <RetryAlert onRetry={preset.retry} testId="transfer-preset-failed">
        {t('money.transfer.presetFailed', { id: preset.label })}
      </RetryAlert>
    );
  return null;
}

function TransferForm({ presetId }: { presetId: string | null }) {
  const { t } = useTranslation();
  const [agent, setAgent] = useState<AgentChoice | null>(null);
  const [result, setResult] = useState<DiamondsSent | null>(null);
  const transfer = useTransferToAgent();
  const amountRef = useRef<HTMLInputElement>(null);

  // The agent the link named is chosen once it is found (not again after the agent changed it), and the amount
  // gets the focus: one tap from the contacts or the search to typing how many diamonds.
  const preset = usePresetAgent(presetId);
  const found = preset.state === 'found' ? preset.agent : null;
  const [presetTaken, setPresetTaken] = useState(false);
  // With an agent from the link, the list stays folded (the amount then fits on a phone's first screen) until the
  // agent asks for it; a link that names no agent of the team shows it at once.
  const [picking, setPicking] = useState(false);
  const showPicker = presetId === null || picking || preset.state === 'missing' || preset.state === 'failed';
  useEffect(() => {
    if (presetTaken || !found) return;
    setPresetTaken(true);
    setAgent(found);
    amountRef.current?.focus();
  }, [presetTaken, found]);

  return (
    <SendDiamonds
      kind="transfer"
      recipient={agent ? { id: agent.agentId, nickname: agent.nickname } : null}
      selected={
        agent ? (
          <div data-testid="transfer-selected">
            <AgentLine agent={agent} />
          </div>
        ) : null
      }
      mutation={transfer}
      inputOf={(to, diamonds, requestId) => ({ toAgentId: to.id, diamonds, requestId })}
      result={result}
      onResult={setResult}
      amountRef={amountRef}
    >
      <SectionCard title={t('money.transfer.pickTitle')} spacing={1.5}>
        <Text variant="body2" color="textSecondary">
          {t('money.transfer.pickHint')}
        </Text>
        <PresetNotice preset={preset} />
        {showPicker ? (
          <AgentPicker
            selected={agent}
            onChoose={(chosen) => {
              setAgent(chosen);
              setResult(null);
            }}
          />
        ) : preset.state === 'found' ? (
          <Button
            variant="outlined"
            onClick={() => setPicking(true)}
            disabled={transfer.isPending}
            data-testid="transfer-pick-another"
            className={styles.pickAnother}
          >
            {t('money.transfer.pickAnother')}
          </Button>
        ) : null}
      </SectionCard>
    </SendDiamonds>
  );
}

/**
 * /agent/transfer-agent: pass diamonds from the agent's stock to an agent of its downline. With `?agentId=` (the
 * contacts, the header search) that agent is looked up and chosen at once; another link starts the form afresh.
 */
export function TransferAgentPage() {
  const [params] = useSearchParams();
  const presetId = params.get('agentId');
  return (
    <div data-testid="page-transfer-agent">
      <AgentOnly>
        <TransferForm key={presetId ?? ''} presetId={presetId} />
      </AgentOnly>
    </div>
  );
}
