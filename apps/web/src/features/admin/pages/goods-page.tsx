import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { fenToMoney, moneyToFen, TRANSLATION_LOCALES } from '@promoter/contract';
import type { EditableOptionKey, TAdminCategory, TAdminGoods } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useAdminCategories } from '../api/get-admin-categories';
import { useAdminGoods } from '../api/get-admin-goods';
import { useAdminSettings } from '../api/get-admin-settings';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../lib/notify';
import { useCan } from '../lib/can';
import { useDeleteCategory } from '../api/delete-category';
import { useReorderCategories } from '../api/reorder-categories';
import { useReorderGoods } from '../api/reorder-goods';
import { useSaveCategory } from '../api/save-category';
import { useSaveGoods } from '../api/save-goods';
import { useSetGoodsActive } from '../api/set-goods-active';
import { RequireCall } from '../components/admin-layout';
import { CategoryDialog, GoodsDialog } from '../components/catalog-dialogs';
import { EmptyRow } from '../components/empty-row';

/** `ids` with the one at `index` swapped with its neighbour `by` places away (-1 up, +1 down). */
function moved(ids: number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  const other = index + by;
  if (other < 0 || other >= next.length) return next;
  [next[index], next[other]] = [next[other] as number, next[index] as number];
  return next;
}

function OrderButtons({
  index,
  count,
  disabled,
  onMove,
  testId,
}: {
  index: number;
  count: number;
  disabled: boolean;
  onMove: (by: -1 | 1) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexShrink: 0 }}>
      <IconButton
        size="small"
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
        aria-label={t('adminCatalog.catalog.moveUp')}
        data-testid={`${testId}-up`}
      >
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
        aria-label={t('adminCatalog.catalog.moveDown')}
        data-testid={`${testId}-down`}
      >
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** How many of the other languages a name has. */
function LanguagesChip({ names }: { names: Partial<Record<string, string>> }) {
  const { t } = useTranslation();
  const count = Object.keys(names).length;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t('adminCatalog.catalog.languages', { count, total: TRANSLATION_LOCALES.length })}
      color={count === TRANSLATION_LOCALES.length ? 'success' : 'default'}
    />
  );
}

function Categories({
  categories,
  selected,
  onSelect,
  canEdit,
}: {
  categories: TAdminCategory[];
  selected: number | null;
  onSelect: (id: number) => void;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TAdminCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TAdminCategory | null>(null);
  const save = useSaveCategory();
  const reorder = useReorderCategories();
  const remove = useDeleteCategory();
  const ids = categories.map((category) => category.id);
  return (
    <Paper sx={{ p: 1.5 }} data-testid="category-panel">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('adminCatalog.catalog.categories')}
        </Typography>
        {canEdit ? (
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            data-testid="category-new"
          >
            {t('adminCatalog.catalog.newCategory')}
          </Button>
        ) : null}
      </Stack>
      {categories.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 1 }}>
          {t('admin.empty')}
        </Typography>
      ) : null}
      <List dense disablePadding>
        {categories.map((category, index) => (
          <ListItem
            key={category.id}
            disablePadding
            data-testid={`category-${category.id}`}
            secondaryAction={
              canEdit ? (
                <Box sx={{ display: 'flex' }}>
                  <OrderButtons
                    index={index}
                    count={categories.length}
                    disabled={reorder.isPending}
                    onMove={(by) => reorder.mutate(moved(ids, index, by))}
                    testId={`category-${category.id}`}
                  />
                  <IconButton
                    size="small"
                    onClick={() => setEditing(category)}
                    aria-label={t('adminCatalog.catalog.edit')}
                    data-testid={`category-${category.id}-edit`}
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <Tooltip title={category.goodsCount > 0 ? t('adminCatalog.catalog.cannotDelete') : ''}>
                    <span>
                      <IconButton
                        size="small"
                        disabled={category.goodsCount > 0}
                        onClick={() => setDeleting(category)}
                        aria-label={t('adminCatalog.catalog.delete')}
                        data-testid={`category-${category.id}-delete`}
                      >
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Box>
              ) : null
            }
            sx={{ '& .MuiListItemButton-root': { pr: canEdit ? 20 : 2 } }}
          >
            <ListItemButton selected={category.id === selected} onClick={() => onSelect(category.id)}>
              <ListItemText
                primary={category.name}
                secondary={t('adminCatalog.catalog.goodsCount', { count: category.goodsCount })}
                slotProps={{ primary: { noWrap: true } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {editing ? (
        <CategoryDialog
          category={editing === 'new' ? null : editing}
          busy={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(draft) =>
            save.mutate(
              editing === 'new' ? draft : { ...draft, id: editing.id, revision: editing.revision },
              {
                onSuccess: (saved) => {
                  notify.success(t('adminCatalog.catalog.saved'));
                  setEditing(null);
                  onSelect(saved.id);
                },
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('adminCatalog.catalog.delete')}
        message={t('adminCatalog.catalog.confirmDelete', { name: deleting?.name ?? '' })}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id, revision: deleting.revision },
            { onSettled: () => setDeleting(null) },
          )
        }
      />
    </Paper>
  );
}

/** What some diamonds cost a player and each level, at the prices set now. */
function usePriceOf() {
  const settings = useAdminSettings();
  const price = (key: EditableOptionKey) => settings.data?.list.find((entry) => entry.key === key)?.value;
  return (diamonds: number) => {
    const retail = price('price.retail');
    const levels = [price('price.level1'), price('price.level3')];
    if (!retail || levels.some((value) => !value)) return null;
    const times = (value: string) => fenToMoney(moneyToFen(value) * diamonds);
    return { retail: times(retail), low: times(levels[0] as string), high: times(levels[1] as string) };
  };
}

function GoodsTable({
  category,
  categories,
  canEdit,
}: {
  category: TAdminCategory;
  categories: TAdminCategory[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const goods = useAdminGoods({ categoryId: category.id });
  const [editing, setEditing] = useState<TAdminGoods | 'new' | null>(null);
  const save = useSaveGoods();
  const setActive = useSetGoodsActive();
  const reorder = useReorderGoods();
  const priceOf = usePriceOf();
  const rows = goods.data?.list ?? [];
  const ids = rows.map((item) => item.id);
  return (
    <Paper sx={{ minWidth: 0 }} data-testid="goods-panel">
      <Stack direction="row" sx={{ alignItems: 'center', p: 1.5, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('adminCatalog.catalog.goodsOf', { name: category.name })}
        </Typography>
        <LanguagesChip names={category.names} />
        {canEdit ? (
          <Button
            size="small"
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            data-testid="goods-new"
          >
            {t('adminCatalog.catalog.newGoods')}
          </Button>
        ) : null}
      </Stack>
      <TableContainer>
        <Table size="small" sx={{ minWidth: 640 }} data-testid="goods-table">
          <TableHead>
            <TableRow>
              {canEdit ? <TableCell padding="checkbox" /> : null}
              <TableCell>{t('adminCatalog.catalog.name')}</TableCell>
              <TableCell align="right">{t('adminCatalog.catalog.diamonds')}</TableCell>
              <TableCell>{t('adminCatalog.catalog.prices')}</TableCell>
              <TableCell>{t('adminCatalog.catalog.onSale')}</TableCell>
              {canEdit ? <TableCell /> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((item, index) => {
              const prices = priceOf(item.diamonds);
              return (
                <TableRow
                  key={item.id}
                  data-testid={`goods-${item.id}`}
                  sx={{ opacity: item.active ? 1 : 0.6 }}
                >
                  {canEdit ? (
                    <TableCell padding="checkbox">
                      <OrderButtons
                        index={index}
                        count={rows.length}
                        disabled={reorder.isPending}
                        onMove={(by) =>
                          reorder.mutate({ categoryId: category.id, ids: moved(ids, index, by) })
                        }
                        testId={`goods-${item.id}`}
                      />
                    </TableCell>
                  ) : null}
                  <TableCell>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <Avatar variant="rounded" src={item.image || undefined} sx={{ width: 32, height: 32 }}>
                        <DiamondOutlined fontSize="small" />
                      </Avatar>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="body2" data-testid={`goods-${item.id}-name`}>
                          {item.name}
                        </Typography>
                        <LanguagesChip names={item.names} />
                      </Box>
                    </Stack>
                  </TableCell>
                  <TableCell align="right">{item.diamonds}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {prices ? (
                      <>
                        <Typography variant="body2">
                          {t('adminCatalog.catalog.retailPrice', { price: prices.retail })}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {t('adminCatalog.catalog.agentPrices', { low: prices.low, high: prices.high })}
                        </Typography>
                      </>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={item.active}
                      disabled={!canEdit || setActive.isPending}
                      onChange={(event) =>
                        setActive.mutate(
                          { id: item.id, active: event.target.checked },
                          {
                            onSuccess: (saved) =>
                              notify.success(
                                saved.active
                                  ? t('adminCatalog.catalog.putOnSale', { name: saved.name })
                                  : t('adminCatalog.catalog.takenOff', { name: saved.name }),
                              ),
                          },
                        )
                      }
                      slotProps={{
                        input: {
                          'aria-label': t('adminCatalog.catalog.onSale'),
                          'data-testid': `goods-${item.id}-active`,
                        } as object,
                      }}
                    />
                  </TableCell>
                  {canEdit ? (
                    <TableCell align="right">
                      <IconButton
                        size="small"
                        onClick={() => setEditing(item)}
                        aria-label={t('adminCatalog.catalog.edit')}
                        data-testid={`goods-${item.id}-edit`}
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
            <EmptyRow show={goods.isSuccess && rows.length === 0} columns={canEdit ? 6 : 4} />
          </TableBody>
        </Table>
      </TableContainer>
      {editing ? (
        <GoodsDialog
          goods={editing === 'new' ? null : editing}
          categories={categories}
          defaultCategoryId={category.id}
          busy={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(draft) =>
            save.mutate(
              editing === 'new' ? draft : { ...draft, id: editing.id, revision: editing.revision },
              {
                onSuccess: () => {
                  notify.success(t('adminCatalog.catalog.saved'));
                  setEditing(null);
                },
              },
            )
          }
        />
      ) : null}
    </Paper>
  );
}

function Catalog() {
  const { t } = useTranslation();
  const canEdit = useCan('adminGoodsSave');
  const categories = useAdminCategories();
  const [chosen, setChosen] = useState<number | null>(null);
  const list = categories.data?.list ?? [];
  const selected = list.find((category) => category.id === chosen) ?? list[0] ?? null;
  return (
    <Stack spacing={2} data-testid="page-admin-goods">
      <Typography variant="h5" component="h1">
        {t('adminCatalog.nav.goods')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('adminCatalog.catalog.intro')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '320px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Categories
          categories={list}
          selected={selected?.id ?? null}
          onSelect={setChosen}
          canEdit={canEdit}
        />
        {selected ? <GoodsTable category={selected} categories={list} canEdit={canEdit} /> : null}
      </Box>
    </Stack>
  );
}

/** `#/admin/goods`: categories and goods, names per language, order, on and off sale (owner edits; all read). */
export function GoodsPage() {
  return (
    <RequireCall call="adminGoodsList">
      <Catalog />
    </RequireCall>
  );
}
