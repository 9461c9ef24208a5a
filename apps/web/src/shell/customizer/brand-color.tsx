import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { readHexColor } from '../../lib/color';
import { themeOptions } from '../../stores/theme-options';

/**
 * The customizer's own colour: a hex colour typed (3 or 6 digits, '#' optional), checked by the hex helper, then the
 * theme's primary colour. A wrong value is refused where it is typed and the theme keeps its colour.
 */
export function BrandColorField() {
  const { t } = useTranslation();
  const customColor = themeOptions.use((s) => s.customColor);
  const source = themeOptions.use((s) => s.paletteSource);
  const [typed, setTyped] = useState(customColor);
  const [invalid, setInvalid] = useState(false);
  const preview = readHexColor(typed);

  const apply = () => {
    const color = readHexColor(typed);
    setInvalid(color === null);
    if (color) {
      setTyped(color);
      themeOptions.set({ paletteSource: 'custom', customColor: color });
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        aria-hidden
        sx={{
          width: 36,
          height: 36,
          flexShrink: 0,
          mt: 0.5,
          borderRadius: '50%',
          border: 2,
          borderColor: source === 'custom' ? 'text.primary' : 'divider',
          bgcolor: preview ?? 'transparent',
        }}
        data-testid="brand-color-preview"
      />
      <TextField
        size="small"
        label={t('payout.brand.custom')}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setInvalid(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
        error={invalid}
        helperText={invalid ? t('payout.brand.invalid') : t('payout.brand.hint')}
        slotProps={{ htmlInput: { maxLength: 7, spellCheck: false, 'data-testid': 'brand-color-input' } }}
        sx={{ flex: 1 }}
      />
      <Button variant="outlined" onClick={apply} sx={{ mt: 0.25 }} data-testid="brand-color-apply">
        {t('payout.brand.apply')}
      </Button>
    </Stack>
  );
}
