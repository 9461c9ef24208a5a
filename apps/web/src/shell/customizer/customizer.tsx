import Check from '@mui/icons-material/Check';
import { MuiScope } from '../../theme/mui-scope';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { CUSTOMIZER_WIDTH } from '../../config/constants';
import {
  COLOR_THEMES,
  HEADER_FILTERS,
  ROUTE_ANIMATIONS,
  SIDEBAR_FILTERS,
  SIDEBAR_IMAGES,
} from '../../config/themes';
import type { RouteAnimation } from '../../config/themes';
import { isLocale, LANGUAGES } from '../../i18n/languages';
import { useOption } from '../../api/get-option';
import { OptionKey } from '../../config/constants';
import { isHexColor } from '../../lib/color';
import { setLanguage, themeOptions } from '../../stores/theme-options';
import { BrandColorField } from './brand-color';

function Swatch({
  color,
  selected,
  label,
  onClick,
  testId,
}: {
  color: string;
  selected: boolean;
  label: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Tooltip title={label}>
      <ButtonBase
        onClick={onClick}
        aria-label={label}
        aria-pressed={selected}
        data-testid={testId}
        sx={{
          width: 36,
          height: 36,
          borderRadius: '50%',
          bgcolor: color,
          border: 2,
          borderColor: selected ? 'text.primary' : 'divider',
          color: '#fff',
        }}
      >
        {selected ? <Check fontSize="small" sx={{ mixBlendMode: 'difference' }} /> : null}
      </ButtonBase>
    </Tooltip>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The customizer drawer (300 px, SPEC section 2): General tab (theme, sidebar and header filters, route
 * animation, language) and Advance tab (dark mode, collapse sidebar, box layout, RTL layout, sidebar background
 * image and its four pictures).
 */
/** The customizer in the MUI scope it is drawn with (it loads the first time it is opened, decision 049). */
export function Customizer(props: { open: boolean; onClose: () => void }) {
  return (
    <MuiScope>
      <CustomizerPanel {...props} />
    </MuiScope>
  );
}

function CustomizerPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const [tab, setTab] = useState<'general' | 'advance'>('general');
  const options = {
    themeId: themeOptions.use((s) => s.themeId),
    paletteSource: themeOptions.use((s) => s.paletteSource),
    sidebarFilterId: themeOptions.use((s) => s.sidebarFilterId),
    headerFilterId: themeOptions.use((s) => s.headerFilterId),
    routerAnimation: themeOptions.use((s) => s.routerAnimation),
    darkMode: themeOptions.use((s) => s.darkMode),
    collapseSidebar: themeOptions.use((s) => s.collapseSidebar),
    rtlLayout: themeOptions.use((s) => s.rtlLayout),
    boxLayout: themeOptions.use((s) => s.boxLayout),
    backgroundImage: themeOptions.use((s) => s.backgroundImage),
    sidebarImageId: themeOptions.use((s) => s.sidebarImageId),
    language: themeOptions.use((s) => s.language),
  };
  const primary = theme.palette.primary.main;
  const brand = useOption(OptionKey.themeBrandColor).data;
  const brandColor = brand !== undefined && isHexColor(brand) ? brand : null;
  // A theme swatch is the chosen one when a theme was chosen, or when the platform has no colour of its own.
  const presetActive =
    options.paletteSource === 'preset' || (options.paletteSource === 'platform' && brandColor === null);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: CUSTOMIZER_WIDTH, maxWidth: '100vw' } } }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}
        data-testid="customizer"
      >
        <Typography variant="h6">{t('customizer.title')}</Typography>
        <IconButton aria-label={t('common.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Tabs value={tab} onChange={(_, value: 'general' | 'advance') => setTab(value)} variant="fullWidth">
        <Tab value="general" label={t('customizer.general')} />
        <Tab value="advance" label={t('customizer.advance')} />
      </Tabs>
      <Divider />
      <Box sx={{ p: 2, overflowY: 'auto' }}>
        {tab === 'general' ? (
          <>
            <Section title={t('customizer.theme')}>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {brandColor ? (
                  <Swatch
                    color={brandColor}
                    label={t('payout.brand.platform')}
                    selected={options.paletteSource === 'platform'}
                    testId="theme-platform"
                    onClick={() => themeOptions.set({ paletteSource: 'platform' })}
                  />
                ) : null}
                {COLOR_THEMES.map((item) => (
                  <Swatch
                    key={item.id}
                    color={item.primary}
                    label={t(`themes.${item.id}`)}
                    selected={presetActive && options.themeId === item.id}
                    testId={`theme-${item.id}`}
                    onClick={() => themeOptions.set({ themeId: item.id, paletteSource: 'preset' })}
                  />
                ))}
              </Stack>
            </Section>
            <Section title={t('payout.brand.title')}>
              <BrandColorField />
            </Section>
            <Section title={t('customizer.sidebarFilters')}>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {SIDEBAR_FILTERS.map((item) => (
                  <Swatch
                    key={item.id}
                    color={item.background ?? primary}
                    label={t(`filters.${item.id}`)}
                    selected={options.sidebarFilterId === item.id}
                    testId={`sidebar-filter-${item.id}`}
                    onClick={() => themeOptions.set({ sidebarFilterId: item.id })}
                  />
                ))}
              </Stack>
            </Section>
            <Section title={t('customizer.headerFilters')}>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {HEADER_FILTERS.map((item) => (
                  <Swatch
                    key={item.id}
                    color={item.background ?? primary}
                    label={t(`filters.${item.id}`)}
                    selected={options.headerFilterId === item.id}
                    testId={`header-filter-${item.id}`}
                    onClick={() => themeOptions.set({ headerFilterId: item.id })}
                  />
                ))}
              </Stack>
            </Section>
            <Section title={t('customizer.routerAnimation')}>
              <FormControl fullWidth size="small">
                <InputLabel id="router-animation-label">{t('customizer.routerAnimation')}</InputLabel>
                <Select
                  labelId="router-animation-label"
                  label={t('customizer.routerAnimation')}
                  value={options.routerAnimation}
                  onChange={(event) =>
                    themeOptions.set({ routerAnimation: event.target.value as RouteAnimation })
                  }
                >
                  {ROUTE_ANIMATIONS.map((name) => (
                    <MenuItem key={name} value={name}>
                      {t(`animations.${name}`)}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            </Section>
            <Section title={t('customizer.language')}>
              <FormControl fullWidth size="small">
                <InputLabel id="customizer-language-label">{t('customizer.language')}</InputLabel>
                <Select
                  labelId="customizer-language-label"
                  label={t('customizer.language')}
                  value={options.language}
                  onChange={(event) => {
                    if (isLocale(event.target.value)) void setLanguage(event.target.value);
                  }}
                >
                  {LANGUAGES.map((language) => (
                    <MenuItem key={language.locale} value={language.locale} lang={language.htmlLang}>
                      <Box component="span" sx={{ mr: 1 }} aria-hidden>
                        {language.flag}
                      </Box>
                      {language.name}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            </Section>
          </>
        ) : (
          <Stack spacing={1}>
            <FormControlLabel
              control={
                <Switch
                  checked={options.darkMode}
                  onChange={(_, checked) => themeOptions.set({ darkMode: checked })}
                />
              }
              label={t('customizer.darkMode')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={options.collapseSidebar}
                  onChange={(_, checked) => themeOptions.set({ collapseSidebar: checked })}
                />
              }
              label={t('customizer.collapseSidebar')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={options.rtlLayout}
                  onChange={(_, checked) => themeOptions.set({ rtlLayout: checked })}
                />
              }
              label={t('customizer.rtl')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={options.boxLayout}
                  onChange={(_, checked) => themeOptions.set({ boxLayout: checked })}
                />
              }
              label={t('customizer.boxLayout')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={options.backgroundImage}
                  onChange={(_, checked) => themeOptions.set({ backgroundImage: checked })}
                />
              }
              label={t('customizer.backgroundImage')}
            />
            <Section title={t('customizer.sidebarImage')}>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1 }}>
                {SIDEBAR_IMAGES.map((image) => {
                  const selected = options.sidebarImageId === image.id;
                  const label = t(`customizer.images.${image.id}`);
                  return (
                    <Tooltip key={image.id} title={label}>
                      <ButtonBase
                        aria-label={label}
                        aria-pressed={selected}
                        data-testid={`sidebar-image-${image.id}`}
                        // Choosing a picture also shows it: a choice that changes nothing on screen would puzzle.
                        onClick={() => themeOptions.set({ sidebarImageId: image.id, backgroundImage: true })}
                        sx={{
                          height: 72,
                          borderRadius: 1,
                          border: 2,
                          borderColor: selected ? 'primary.main' : 'divider',
                          backgroundImage: `url("${image.url}")`,
                          backgroundSize: image.tile ? 'auto' : 'cover',
                          color: '#fff',
                        }}
                      >
                        {selected ? <Check fontSize="small" /> : null}
                      </ButtonBase>
                    </Tooltip>
                  );
                })}
              </Box>
            </Section>
          </Stack>
        )}
      </Box>
    </Drawer>
  );
}
