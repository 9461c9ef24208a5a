import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useTree } from '../../../api/get-tree';
import { Card, CardContent } from '../../../ui/card';
import { Stack } from '../../../ui/stack';
import { Tab, Tabs } from '../../../ui/tabs';
import { ChildrenList } from '../components/children-list';
import { DownlineSummary } from '../components/downline-summary';
import { DownlineTree } from '../components/downline-tree';
import { TreeState } from '../components/tree-state';

/** /agent/child-tree: my sub-level promoters, as a searchable list of direct children and as a tree. */
export function ChildTreePage() {
  const { t } = useTranslation();
  const tree = useTree();
  const [tab, setTab] = useState<'list' | 'tree'>('list');

  return (
    <Stack spacing={2} data-testid="page-child-tree">
      <DownlineSummary root={tree.data?.root} />
      <Card>
        <Tabs value={tab} onChange={setTab} variant="fullWidth">
          <Tab value="list" label={t('shop.children.listTab')} data-testid="child-tree-tab-list" />
          <Tab value="tree" label={t('shop.children.treeTab')} data-testid="child-tree-tab-tree" />
        </Tabs>
        <CardContent>
          {tab === 'list' ? (
            <ChildrenList />
          ) : (
            <TreeState query={tree}>
              {tree.data ? <DownlineTree root={tree.data.root} includeRoot={false} /> : null}
            </TreeState>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
