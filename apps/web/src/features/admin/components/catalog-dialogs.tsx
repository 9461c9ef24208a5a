import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  compactTranslations,
  GOODS_DIAMONDS_MAX,
  IMAGE_URL_MAX,
  NAME_MAX,
  TRANSLATION_LOCALES,
  ZGoodsDiamonds,
  ZImageUrl,
  ZName,
  ZText,
} from '@promoter/contract';
import type { TAdminCategory, TAdminGoods, TranslationLocale } from '@promoter/contract';
import type { TFunction } from '../../../i18n';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { z } from 'zod';
import { languageOf } from '../../../i18n/languages';
import { contractResolver, type FieldRule } from '../../../lib/contract-resolver';
import { muiField } from '../../../lib/mui-field';
import { FormDialog, type FormDialogProps } from './form-dialog';

/**
 * The catalog's dialogs (`#/admin/goods`): a category or goods, the Chinese name (every language's fallback) and its
 * versions in the other 11 languages, checked with the contract's rules before anything is sent.
 */

type NameField = `name_${TranslationLocale}`;
type NameValues = { name: string } & Record<NameField, string>;

const nameField = (locale: TranslationLocale): NameField => `name_${locale}`;

function nameRules(t: TFunction): Record<keyof NameValues, FieldRule> {
  const rules = {
    name: {
      schema: ZName,
      required: t('adminCatalog.catalog.invalid.nameRequired'),
      invalid: t('adminCatalog.catalog.invalid.name', { max: NAME_MAX }),
      blankIsEmpty: true,
    },
  } as unknown as Record<keyof NameValues, FieldRule>;
  for (const locale of TRANSLATION_LOCALES)
    rules[nameField(locale)] = {
      schema: ZText(NAME_MAX),
      invalid: t('adminCatalog.catalog.invalid.name', { max: NAME_MAX }),
    };
  return rules;
}

function namesOf(values: NameValues): Partial<Record<TranslationLocale, string>> {
  return compactTranslations(
    Object.fromEntries(TRANSLATION_LOCALES.map((locale) => [locale, values[nameField(locale)]])),
  );
}

function nameValuesOf(item: { name: string; names: Partial<Record<string, string>> } | null): NameValues {
  const values = { name: item?.name ?? '' } as NameValues;
  for (const locale of TRANSLATION_LOCALES) values[nameField(locale)] = item?.names[locale] ?? '';
  return values;
}

/** The Chinese name, then the other languages' versions (folded away until asked for, or when one is written). */
function NameFields<V extends NameValues & FieldValues>({
  register,
  errors,
  filled,
}: {
  register: UseFormRegister<V>;
  errors: FieldErrors<V>;
  filled: number;
}) {
  const { t } = useTranslation();
  const error = (name: keyof NameValues) => errors[name as Path<V>] as { message?: string } | undefined;
  return (
    <>
      <TextField
        {...muiField(register('name' as Path<V>), error('name') as never)}
        label={t('adminCatalog.catalog.nameCn')}
        required
        fullWidth
        size="small"
        slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'catalog-name' } }}
      />
      <Accordion
        defaultExpanded={filled > 0}
        disableGutters
        variant="outlined"
        slotProps={{ transition: { unmountOnExit: false } }}
      >
        <AccordionSummary expandIcon={<ExpandMoreIcon />} data-testid="catalog-translations">
          <Typography variant="body2">
            {t('adminCatalog.catalog.translations', { count: filled, total: TRANSLATION_LOCALES.length })}
          </Typography>
        </AccordionSummary>
        <AccordionDetails>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
            {t('adminCatalog.catalog.translationsHint')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {TRANSLATION_LOCALES.map((locale) => {
              const language = languageOf(locale);
              return (
                <TextField
                  key={locale}
                  {...muiField(register(nameField(locale) as Path<V>), error(nameField(locale)) as never)}
                  label={language.name}
                  size="small"
                  slotProps={{
                    htmlInput: {
                      maxLength: NAME_MAX,
                      lang: language.htmlLang,
                      dir: language.rtl ? 'rtl' : 'ltr',
                      'data-testid': `catalog-name-${locale}`,
                    },
                  }}
                />
              );
            })}
          </Box>
        </AccordionDetails>
      </Accordion>
    </>
  );
}

/** The catalog's editors: a form dialog whose buttons the browser tests name. */
function DialogFrame(props: Omit<FormDialogProps, 'maxWidth' | 'save' | 'cancelTestId'>) {
  const { t } = useTranslation();
  return (
    <FormDialog
      {...props}
      maxWidth="sm"
      save={{ label: t('adminCatalog.catalog.save'), testId: 'catalog-save' }}
      cancelTestId="catalog-cancel"
    />
  );
}

// ---- categories -----------------------------------------------------------------------------------------------------

export interface CategoryDraft {
  name: string;
  names: Partial<Record<TranslationLocale, string>>;
}

export function CategoryDialog({
  category,
  busy,
  onClose,
  onSave,
}: {
  /** The category to edit; null to create one. */
  category: TAdminCategory | null;
  busy: boolean;
  onClose: () => void;
  onSave: (draft: CategoryDraft) => void;
}) {
  const { t } = useTranslation();
  const resolver = useMemo(() => contractResolver<NameValues>(nameRules(t)), [t]);
  const form = useForm<NameValues>({ defaultValues: nameValuesOf(category), resolver });
  const submit = form.handleSubmit((values) => onSave({ name: values.name.trim(), names: namesOf(values) }));
  return (
    <DialogFrame
      open
      title={category ? t('adminCatalog.catalog.editCategory') : t('adminCatalog.catalog.newCategory')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
      testId="category-dialog"
    >
      <NameFields
        register={form.register}
        errors={form.formState.errors}
        filled={Object.keys(category?.names ?? {}).length}
      />
    </DialogFrame>
  );
}

// ---- goods ----------------------------------------------------------------------------------------------------------

type GoodsValues = NameValues & { categoryId: string; image: string; diamonds: string; active: boolean };

/** Whole diamonds typed in a field, as the contract counts them. */
const ZDiamondsText = z
  .string()
  .trim()
  .regex(/^\d{1,7}$/)
  .transform(Number)
  .pipe(ZGoodsDiamonds);

export interface GoodsDraft {
  categoryId: number;
  name: string;
  names: Partial<Record<TranslationLocale, string>>;
  image: string;
  diamonds: number;
  active: boolean;
}

export function GoodsDialog({
  goods,
  categories,
  defaultCategoryId,
  busy,
  onClose,
  onSave,
}: {
  /** The goods to edit; null to create some. */
  goods: TAdminGoods | null;
  categories: TAdminCategory[];
  defaultCategoryId: number | null;
  busy: boolean;
  onClose: () => void;
  onSave: (draft: GoodsDraft) => void;
}) {
  const { t } = useTranslation();
  const resolver = useMemo(
    () =>
      contractResolver<GoodsValues>({
        ...nameRules(t),
        categoryId: {
          schema: z.string().regex(/^\d+$/),
          required: t('adminCatalog.catalog.invalid.categoryRequired'),
        },
        image: { schema: ZImageUrl, invalid: t('adminCatalog.catalog.invalid.image') },
        diamonds: {
          schema: ZDiamondsText,
          required: t('adminCatalog.catalog.invalid.diamondsRequired'),
          invalid: t('adminCatalog.catalog.invalid.diamonds', { max: GOODS_DIAMONDS_MAX }),
          blankIsEmpty: true,
        },
        active: { schema: z.boolean() },
      }),
    [t],
  );
  const form = useForm<GoodsValues>({
    defaultValues: {
      ...nameValuesOf(goods),
      categoryId: String(goods?.categoryId ?? defaultCategoryId ?? ''),
      image: goods?.image ?? '',
      diamonds: goods ? String(goods.diamonds) : '',
      active: goods?.active ?? true,
    },
    resolver,
  });
  const { register, control, formState } = form;
  const submit = form.handleSubmit((values) =>
    onSave({
      categoryId: Number(values.categoryId),
      name: values.name.trim(),
      names: namesOf(values),
      image: values.image.trim(),
      diamonds: Number(values.diamonds.trim()),
      active: values.active,
    }),
  );
  const image = form.watch('image');
  return (
    <DialogFrame
      open
      title={goods ? t('adminCatalog.catalog.editGoods') : t('adminCatalog.catalog.newGoods')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
      testId="goods-dialog"
    >
      <Controller
        name="categoryId"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            label={t('adminCatalog.catalog.category')}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            size="small"
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { 'data-testid': 'goods-category' } }}
          >
            {categories.map((category) => (
              <MenuItem key={category.id} value={String(category.id)}>
                {category.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <NameFields
        register={register}
        errors={formState.errors}
        filled={Object.keys(goods?.names ?? {}).length}
      />
      <TextField
        {...muiField(register('diamonds'), formState.errors.diamonds)}
        label={t('adminCatalog.catalog.diamonds')}
        required
        size="small"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7, 'data-testid': 'goods-diamonds' } }}
      />
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <TextField
          {...muiField(register('image'), formState.errors.image)}
          helperText={formState.errors.image?.message ?? t('adminCatalog.catalog.imageHint')}
          label={t('adminCatalog.catalog.image')}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { maxLength: IMAGE_URL_MAX, dir: 'ltr', 'data-testid': 'goods-image' } }}
        />
        {image && ZImageUrl.safeParse(image).success ? (
          <Box
            component="img"
            src={image}
            alt=""
            sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
          />
        ) : null}
      </Stack>
      <Controller
        name="active"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            label={t('adminCatalog.catalog.onSale')}
            control={
              <Switch
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'goods-active' } as object }}
              />
            }
          />
        )}
      />
    </DialogFrame>
  );
}
