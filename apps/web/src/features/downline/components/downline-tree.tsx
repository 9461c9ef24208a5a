import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import type { TTreeNode } from '@promoter/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useTreeLevel } from '../../../api/get-tree';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../lib/format';
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

function NodeLabel({ node, isMe }: { node: TTreeNode; isMe: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} sx={{ py: 0.75, minWidth: 0 }} data-testid={`tree-node-${node.agentId}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
          {isMe ? t('shop.downline.me', { name: node.nickname }) : node.nickname}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
          {t('shop.downline.agentId', { id: node.agentId })}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <LevelChip level={node.level} />
        <StatusChip status={node.status} testId={`tree-node-status-${node.agentId}`} />
        <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <DiamondOutlined sx={{ fontSize: 14 }} aria-hidden />
          <Typography variant="caption" data-testid={`tree-node-price-${node.agentId}`}>
            {t('shop.downline.unitPrice', { price: formatMoney(node.price) })}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <GroupsOutlined sx={{ fontSize: 14 }} aria-hidden />
          <Typography variant="caption">{t('shop.downline.teamSize', { n: node.teamSize })}</Typography>
        </Stack>
      </Stack>
    </Stack>
  );
}

/** The level below a node, asked for when the node is opened (the tree's items mount only when open). */
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
          <Link
            component="button"
            onClick={() => void level.refetch()}
            data-testid={`tree-level-retry-${node.agentId}`}
          >
            {t('shop.downline.loadFailed')}
          </Link>
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
          sx={{ py: 0.75, flexWrap: 'wrap' }}
          data-testid={`tree-more-${node.agentId}`}
        >
          <Typography variant="caption" color="text.secondary">
            {t('shop.downline.more', { n: hidden })}
          </Typography>
          {isMe ? (
            <Link component={RouterLink} to={paths.agent.childTree.getHref()} variant="caption">
              {t('shop.downline.seeAll')}
            </Link>
          ) : null}
        </Stack>
      }
    />
  );
}

function renderNode(node: TTreeNode, meId: number) {
  // A leaf gets no children at all: any element there (even an empty fragment) makes the item show an expand arrow.
  const below =
    node.childCount === 0 ? undefined : node.children.length > 0 ? (
      renderChildren(node, meId)
    ) : (
      <LevelBelow node={node} meId={meId} />
    );
  return (
    <TreeItem
      key={node.agentId}
      itemId={String(node.agentId)}
      label={<NodeLabel node={node} isMe={node.agentId === meId} />}
    >
      {below}
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

/** My downline with level, price and team size on each node, a level at a time (decision 024). */
export function DownlineTree({
  root,
  includeRoot = true,
  expandedItems,
  onExpandedItemsChange,
}: DownlineTreeProps) {
  const { t } = useTranslation();
  if (root.childCount === 0 && !includeRoot) {
    return (
      <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="downline-tree-empty">
        <GroupsOutlined sx={{ fontSize: 40 }} aria-hidden />
        <Typography>{t('shop.downline.empty')}</Typography>
      </Box>
    );
  }
  return (
    <SimpleTreeView
      aria-label={t('shop.downline.treeLabel')}
      data-testid="downline-tree"
      disableSelection
      {...(expandedItems
        ? {
            expandedItems,
            onExpandedItemsChange: (_event: unknown, ids: string[]) => onExpandedItemsChange?.(ids),
          }
        : { defaultExpandedItems: initiallyExpandedIds(root) })}
      sx={{ '& .MuiTreeItem-content': { alignItems: 'flex-start', py: 0 } }}
    >
      {includeRoot ? renderNode(root, root.agentId) : renderChildren(root, root.agentId)}
    </SimpleTreeView>
  );
}
