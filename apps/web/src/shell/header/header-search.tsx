import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useLocation, useNavigate } from '../../router';
import { request } from '../../api/client';
import { billDetailQueryOptions } from '../../api/get-bill';
import { childrenPageQueryOptions } from '../../api/get-children';
import { PAGE_SIZE } from '../../api/paging';
import { searchPlayersQueryOptions } from '../../api/search-players';
import { layoutOfPathname, paths } from '../../config/paths';
import { Combobox } from '../../ui/combobox';
import { SearchIcon } from '../../ui/icons/SearchIcon';
import { Text } from '../../ui/text';
import { NAV_GROUPS } from '../sidebar/menu';
import styles from './header-search.module.css';

/** One thing the search found: a page of the app, a player, a sub-agent or a ledger entry. */
export interface SearchHit {
  kind: 'page' | 'player' | 'agent' | 'entry';
  key: string;
  title: string;
  detail: string;
  href: string;
}

/** How long typing pauses before the server is asked (the page index answers at once). */
export const SEARCH_DEBOUNCE_MS = 300;
/** Ledger entry numbers, player and agent ids are all digits (billDetail takes up to 18). */
const EXACT_ID = /^\d{1,18}$/;

/** Pages whose translated title contains the query (case-insensitive), in the sidebar's order. */
export function matchPages(query: string, pages: readonly { title: string; href: string }[]): SearchHit[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [];
  return pages
    .filter((page) => page.title.toLocaleLowerCase().includes(needle))
    .map((page) => ({
      kind: 'page',
      key: `page:${page.href}`,
      title: page.title,
      detail: '',
      href: page.href,
    }));
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The header's search box (SPEC section 2; decision 021): from anywhere, a page of the app by its title (the sidebar's
 * pages, translated), and by exact number a player (`searchUser`), a sub-agent (`children` with the id as keyword,
 * kept only on an exact id) or one of the agent's own ledger entries (`billDetail`, a miss is no hit). Choosing a
 * hit opens it: recharge that player, transfer to that agent, the entry's detail, the page.
 */
export function HeaderSearch({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [input, setInput] = useState('');
  const keyword = useDebounced(input.trim(), SEARCH_DEBOUNCE_MS);
  const exact = EXACT_ID.test(keyword);

  const players = useQuery({ ...searchPlayersQueryOptions(keyword), enabled: exact });
  const agents = useQuery({
    ...childrenPageQueryOptions({ page: 1, pageSize: PAGE_SIZE, keyword }),
    enabled: exact,
  });
  // A number that is no entry of the agent's is no hit, not an error: the refusal shows no toast.
  const entry = useQuery({
    ...billDetailQueryOptions(keyword),
    queryFn: () => request('billDetail', { id: keyword }, { quietRefusal: true }),
    enabled: exact,
    retry: false,
  });

  const layout = layoutOfPathname(pathname);
  const pages = NAV_GROUPS.flatMap((group) =>
    group.items.map((item) => ({ title: t(item.label), href: item.href(layout) })),
  );
  const hits: SearchHit[] = [...matchPages(input, pages)];
  if (exact && keyword === input.trim()) {
    for (const p of players.data ?? []) {
      hits.push({
        kind: 'player',
        key: `player:${p.playerId}`,
        title: p.nickname,
        detail: t('header.search.player', { id: p.playerId }),
        href: paths.agent.userRecharge.getHref({ playerId: p.playerId }),
      });
    }
    for (const a of agents.data?.list ?? []) {
      if (String(a.agentId) !== keyword) continue;
      hits.push({
        kind: 'agent',
        key: `agent:${a.agentId}`,
        title: a.nickname,
        detail: t('header.search.agent', { id: a.agentId }),
        href: paths.agent.transferAgent.getHref({ agentId: a.agentId }),
      });
    }
    if (entry.data) {
      hits.push({
        kind: 'entry',
        key: `entry:${entry.data.id}`,
        title: t('header.search.entry', { id: entry.data.id }),
        detail: entry.data.memo,
        href: paths.agent.currencyDetail.getHref({ id: entry.data.id }),
      });
    }
  }
  const searching =
    exact && (keyword !== input.trim() || players.isFetching || agents.isFetching || entry.isFetching);

  return (
    <Combobox<SearchHit>
      options={hits}
      getOptionKey={(option) => option.key}
      inputValue={input}
      onInputChange={setInput}
      onChange={(value) => {
        setInput('');
        onDone?.();
        void navigate(value.href);
      }}
      loading={searching}
      loadingText={t('header.search.searching')}
      noOptionsText={input.trim() === '' ? t('header.search.hint') : t('header.search.none')}
      size="small"
      autoFocus={autoFocus}
      placeholder={t('header.search.placeholder')}
      startAdornment={<SearchIcon fontSize="small" />}
      inputProps={{ 'aria-label': t('header.search.label'), 'data-testid': 'header-search' }}
      className={styles.search}
      fieldClassName={styles.field}
      optionProps={(option) => ({ 'data-testid': `search-hit-${option.key}` })}
      renderOption={(option) => (
        <div className={styles.hit}>
          <Text variant="body2" noWrap>
            {option.title}
          </Text>
          <Text variant="caption" color="textSecondary" noWrap component="div">
            {option.kind === 'page' ? t('header.search.page') : option.detail}
          </Text>
        </div>
      )}
    />
  );
}
