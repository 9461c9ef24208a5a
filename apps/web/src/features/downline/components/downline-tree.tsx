import type { TTreeNode } from '@promoter/contract';
import type { CSSProperties, FocusEvent, KeyboardEvent, ReactNode } from 'react';
import { createContext, useContext, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useTreeLevel } from '../../../api/get-tree';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../lib/format';
import { cx } from '../../../ui/cx';
import { ChevronRightIcon } from '../../../ui/icons/ChevronRightIcon';
import { DiamondOutlinedIcon } from '../../../ui/icons/DiamondOutlinedIcon';
import { ExpandMoreIcon } from '../../../ui/icons/ExpandMoreIcon';
import { GroupsOutlinedIcon } from '../../../ui/icons/GroupsOutlinedIcon';
import { TextLink } from '../../../ui/link';
import { isRtl } from '../../../ui/roving-focus';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './downline-tree.module.css';
import { LevelChip } from './level-chip';
import { StatusChip } from './status-chip';

/** Up to this many children, the tree opens them too at first (each is one more call); more, only the top node. */
const OPEN_CHILDREN_AT_FIRST = 10;

/** Every node shown that has children: "expand all" opens these (the levels below load as they open). */
export function expandableIds(node: TTreeNode): string[] {
  const own = node.childCount > 0 ? [String(node.agentId)] : [];
  return [...own, ...node.children.flatMap(expandableIds)];
}

/** What the tree opens at first: the top node, and its children too when they are few. */
export function initiallyExpandedIds(root: TTreeNode): string[] {
  return root.children.length <= OPEN_CHILDREN_AT_FIRST
    ? expandableIds(root)
    : expandableIds(root).slice(0, 1);
}

interface TreeContextValue {
  expanded: ReadonlySet<string>;
  /** The item the Tab key reaches (roving tabindex): the one last focused, or the first. */
  tabbable: string | undefined;
  toggle: (itemId: string) => void;
}

const TreeContext = createContext<TreeContextValue>({
  expanded: new Set(),
  tabbable: undefined,
  toggle: () => undefined,
});

/** How deep an item sits: its row is set in by 12 px a level (MUI's itemChildrenIndentation). */
const DepthContext = createContext(0);

const ITEM = '[role="treeitem"]';
const ENABLED_ITEM = '[role="treeitem"]:not([aria-disabled="true"])';

/**
 * One node of the tree (MUI's TreeItem): role=treeitem, aria-expanded when it has children, whose group
 * (role=group) is in the page only while it is open. A tap on its row opens or closes it. A disabled item (a
 * loading row, "n more") is skipped by the arrow keys and does nothing when tapped; what it holds still works.
 */
function TreeItem({
  itemId,
  label,
  expandable = false,
  disabled = false,
  children,
}: {
  itemId: string;
  label: ReactNode;
  expandable?: boolean;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const tree = useContext(TreeContext);
  const depth = useContext(DepthContext);
  const expanded = expandable && tree.expanded.has(itemId);
  return (
    <li
      role="treeitem"
      aria-expanded={expandable ? expanded : undefined}
      aria-disabled={disabled || undefined}
      tabIndex={disabled ? undefined : tree.tabbable === itemId ? 0 : -1}
      data-item-id={itemId}
      className={styles.item}
      style={{ '--depth': depth } as CSSProperties}
    >
      <div
        className={cx(styles.content, disabled && styles.inert)}
        onClick={expandable && !disabled ? () => tree.toggle(itemId) : undefined}
      >
        <span className={styles.iconBox}>
          {expandable ? expanded ? <ExpandMoreIcon /> : <ChevronRightIcon flipInRtl /> : null}
        </span>
        <div className={styles.label}>{label}</div>
      </div>
      {expanded ? (
        <ul role="group" className={styles.group}>
          <DepthContext.Provider value={depth + 1}>{children}</DepthContext.Provider>
        </ul>
      ) : null}
    </li>
  );
}

function NodeLabel({ node, isMe }: { node: TTreeNode; isMe: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} className={styles.node} data-testid={`tree-node-${node.agentId}`}>
      <Stack direction="row" spacing={1} alignItems="baseline">
        <Text variant="body2" weight={600} noWrap className={styles.name}>
          {isMe ? t('shop.downline.me', { name: node.nickname }) : node.nickname}
        </Text>
        <Text variant="caption" color="textSecondary" className={styles.fixed}>
          {t('shop.downline.agentId', { id: node.agentId })}
        </Text>
      </Stack>
      <Stack direction="row" spacing={1} alignItems="center" wrap>
        <LevelChip level={node.level} />
        <StatusChip status={node.status} testId={`tree-node-status-${node.agentId}`} />
        <Stack direction="row" spacing={0.25} alignItems="center" className={styles.meta}>
          <DiamondOutlinedIcon />
          <Text variant="caption" data-testid={`tree-node-price-${node.agentId}`}>
            {t('shop.downline.unitPrice', { price: formatMoney(node.price) })}
          </Text>
        </Stack>
        <Stack direction="row" spacing={0.25} alignItems="center" className={styles.meta}>
          <GroupsOutlinedIcon />
          <Text variant="caption">{t('shop.downline.teamSize', { n: node.teamSize })}</Text>
        </Stack>
      </Stack>
    </Stack>
  );
}

/** The level below a node, asked for when the node is opened (an item's group is in the page only when open). */
function LevelBelow({ node, meId }: { node: TTreeNode; meId: number }) {
  const { t } = useTranslation();
  const level = useTreeLevel(node.agentId);
  if (level.data) return renderChildren(level.data.root, meId);
  return (
    <TreeItem
      itemId={`${node.agentId}-loading`}
      disabled
      label={
        level.isError ? (
          <button
            type="button"
            className={styles.retry}
            onClick={() => void level.refetch()}
            data-testid={`tree-level-retry-${node.agentId}`}
          >
            {t('shop.downline.loadFailed')}
          </button>
        ) : (
          <Skeleton width={160} height={32} data-testid={`tree-level-loading-${node.agentId}`} />
        )
      }
    />
  );
}

/** A node's loaded children, and a way to all of them when the answer carried only the biggest teams. */
function renderChildren(node: TTreeNode, meId: number) {
  const hidden = node.childCount - node.children.length;
  return (
    <>
      {node.children.map((child) => renderNode(child, meId))}
      {hidden > 0 ? <MoreChildren node={node} hidden={hidden} isMe={node.agentId === meId} /> : null}
    </>
  );
}

function MoreChildren({ node, hidden, isMe }: { node: TTreeNode; hidden: number; isMe: boolean }) {
  const { t } = useTranslation();
  return (
    <TreeItem
      itemId={`${node.agentId}-more`}
      disabled
      label={
        <Stack
          direction="row"
          spacing={1}
          wrap
          className={styles.node}
          data-testid={`tree-more-${node.agentId}`}
        >
          <Text variant="caption" color="textSecondary">
            {t('shop.downline.more', { n: hidden })}
          </Text>
          {isMe ? (
            <TextLink to={paths.agent.childTree.getHref()} variant="caption">
              {t('shop.downline.seeAll')}
            </TextLink>
          ) : null}
        </Stack>
      }
    />
  );
}

function renderNode(node: TTreeNode, meId: number) {
  // A leaf has nothing to open (no aria-expanded); a node with children opens on its loaded children, or asks for them.
  return (
    <TreeItem
      key={node.agentId}
      itemId={String(node.agentId)}
      expandable={node.childCount > 0}
      label={<NodeLabel node={node} isMe={node.agentId === meId} />}
    >
      {node.children.length > 0 ? renderChildren(node, meId) : <LevelBelow node={node} meId={meId} />}
    </TreeItem>
  );
}

export interface DownlineTreeProps {
  root: TTreeNode;
  /** Show me as the top node (the tree view), or only what stands below me (the child list's tab). */
  includeRoot?: boolean;
  expandedItems?: string[];
  onExpandedItemsChange?: (ids: string[]) => void;
}

/**
 * My downline with level, price and team size on each node, a level at a time (decision 024). A WAI-ARIA tree, as
 * MUI's SimpleTreeView drew it: one item in the Tab order; Up and Down move among the items shown, Home and End to the
 * first and last; Right opens an item or goes to its first child, Left closes it or goes to its parent (swapped right
 * to left); Enter or Space opens or closes; * opens the item's siblings.
 */
export function DownlineTree({
  root,
  includeRoot = true,
  expandedItems,
  onExpandedItemsChange,
}: DownlineTreeProps) {
  const { t } = useTranslation();
  const treeRef = useRef<HTMLUListElement>(null);
  const [ownExpanded, setOwnExpanded] = useState(() => initiallyExpandedIds(root));
  const [focused, setFocused] = useState<string | null>(null);
  const expanded = expandedItems ?? ownExpanded;
  const firstId = includeRoot ? String(root.agentId) : root.children[0] && String(root.children[0].agentId);

  // The item last focused has left the page (its parent was closed): the first item takes the Tab key again.
  useLayoutEffect(() => {
    if (focused !== null && !treeRef.current?.querySelector(`[data-item-id="${focused}"]`)) setFocused(null);
  }, [focused, expanded, root]);

  const setExpanded = (ids: string[]) => {
    if (expandedItems === undefined) setOwnExpanded(ids);
    onExpandedItemsChange?.(ids);
  };
  const toggle = (itemId: string) =>
    setExpanded(expanded.includes(itemId) ? expanded.filter((id) => id !== itemId) : [...expanded, itemId]);

  const onFocus = (event: FocusEvent<HTMLUListElement> & { target: HTMLElement }) => {
    const itemId = event.target.matches(ITEM) ? event.target.dataset.itemId : undefined;
    if (itemId !== undefined) setFocused(itemId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const item = event.target as HTMLElement;
    if (!item.matches(ITEM) || event.altKey || event.ctrlKey || event.metaKey) return;
    const itemId = item.dataset.itemId ?? '';
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(ENABLED_ITEM));
    const index = items.indexOf(item);
    const rtl = isRtl(event.currentTarget);
    const isExpandable = item.hasAttribute('aria-expanded');
    const isExpanded = item.getAttribute('aria-expanded') === 'true';
    let next: HTMLElement | null | undefined;
    switch (event.key) {
      case 'ArrowDown':
        next = items[index + 1];
        break;
      case 'ArrowUp':
        next = index > 0 ? items[index - 1] : undefined;
        break;
      case 'Home':
        next = items[0];
        break;
      case 'End':
        next = items[items.length - 1];
        break;
      case rtl ? 'ArrowLeft' : 'ArrowRight':
        if (isExpandable && !isExpanded) toggle(itemId);
        else if (isExpanded)
          next = item.querySelector<HTMLElement>(`:scope > [role="group"] > ${ENABLED_ITEM}`);
        break;
      case rtl ? 'ArrowRight' : 'ArrowLeft':
        if (isExpanded) toggle(itemId);
        else next = item.parentElement?.closest<HTMLElement>(ITEM);
        break;
      case 'Enter':
      case ' ':
        if (isExpandable) toggle(itemId);
        break;
      case '*': {
        const siblings = Array.from(item.parentElement?.children ?? [])
          .filter((sibling) => sibling.getAttribute('aria-expanded') === 'false')
          .map((sibling) => (sibling as HTMLElement).dataset.itemId ?? '');
        if (siblings.length > 0) setExpanded([...expanded, ...siblings]);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
    next?.focus();
  };

  if (root.childCount === 0 && !includeRoot) {
    return (
      <div className={styles.empty} data-testid="downline-tree-empty">
        <GroupsOutlinedIcon className={styles.emptyIcon} />
        <Text>{t('shop.downline.empty')}</Text>
      </div>
    );
  }
  return (
    <TreeContext.Provider value={{ expanded: new Set(expanded), tabbable: focused ?? firstId, toggle }}>
      <ul
        ref={treeRef}
        role="tree"
        aria-label={t('shop.downline.treeLabel')}
        className={styles.tree}
        onFocus={onFocus}
        onKeyDown={onKeyDown}
        data-testid="downline-tree"
      >
        {includeRoot ? renderNode(root, root.agentId) : renderChildren(root, root.agentId)}
      </ul>
    </TreeContext.Provider>
  );
}
