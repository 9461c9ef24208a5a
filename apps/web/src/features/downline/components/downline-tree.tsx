import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import type { TTreeNode } from '@promoter/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { LevelChip } from './level-chip';
import { StatusChip } from './status-chip';

/** Every node id that has children: the tree opens fully (it is at most three deep). */
export function expandableIds(node: TTreeNode): string[] {
  const own = node.children.length > 0 ? [String(node.agentId)] : [];
  return [...own, ...node.children.flatMap(expandableIds)];
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

function renderNode(node: TTreeNode, meId: number) {
  return (
    <TreeItem
      key={node.agentId}
      itemId={String(node.agentId)}
      label={<NodeLabel node={node} isMe={node.agentId === meId} />}
    >
      {node.children.map((child) => renderNode(child, meId))}
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

/** My downline with level, price and team size on each node. */
export function DownlineTree({
  root,
  includeRoot = true,
  expandedItems,
  onExpandedItemsChange,
}: DownlineTreeProps) {
  const { t } = useTranslation();
  const nodes = includeRoot ? [root] : root.children;
  if (nodes.length === 0) {
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
        : { defaultExpandedItems: expandableIds(root) })}
      sx={{ '& .MuiTreeItem-content': { alignItems: 'flex-start', py: 0 } }}
    >
      {nodes.map((node) => renderNode(node, root.agentId))}
    </SimpleTreeView>
  );
}
