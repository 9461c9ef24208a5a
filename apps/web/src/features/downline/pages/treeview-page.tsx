import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useTree } from '../../../api/get-tree';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { UnfoldLessIcon } from '../../../ui/icons/UnfoldLessIcon';
import { UnfoldMoreIcon } from '../../../ui/icons/UnfoldMoreIcon';
import { Stack } from '../../../ui/stack';
import { DownlineSummary } from '../components/downline-summary';
import { DownlineTree, expandableIds, initiallyExpandedIds } from '../components/downline-tree';
import { TreeState } from '../components/tree-state';
import styles from './treeview-page.module.css';

/**
 * /agent/treeview: my downline with me at the top, opened a level at a time (decision 024): at first me and, when they
 * are few, my children; "expand all" opens every node shown, whose levels then load.
 */
export function TreeviewPage() {
  const { t } = useTranslation();
  const tree = useTree();
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const all = tree.data ? expandableIds(tree.data.root) : [];
  const current = expanded ?? (tree.data ? initiallyExpandedIds(tree.data.root) : []);

  return (
    <Stack spacing={2} data-testid="page-treeview">
      <DownlineSummary root={tree.data?.root} />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={1} justifyContent="flex-end" className={styles.actions}>
            <Button
              size="small"
              startIcon={<UnfoldMoreIcon />}
              onClick={() => setExpanded(all)}
              disabled={current.length === all.length}
            >
              {t('shop.downline.expandAll')}
            </Button>
            <Button
              size="small"
              startIcon={<UnfoldLessIcon />}
              onClick={() => setExpanded([])}
              disabled={current.length === 0}
            >
              {t('shop.downline.collapseAll')}
            </Button>
          </Stack>
          <TreeState query={tree}>
            {tree.data ? (
              <DownlineTree
                root={tree.data.root}
                expandedItems={current}
                onExpandedItemsChange={setExpanded}
              />
            ) : null}
          </TreeState>
        </CardContent>
      </Card>
    </Stack>
  );
}
