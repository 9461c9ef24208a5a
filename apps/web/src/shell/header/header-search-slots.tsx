import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense } from 'react';
import { desktopOnly } from './header-icon';

/**
 * The search box (an Autocomplete with its text field and popper, about 25 KB gzipped) is fetched where it shows: in
 * the toolbar from `md` up, on a phone when its toggle opens it (decision 028).
 */
const HeaderSearch = lazy(() => import('./header-search').then((m) => ({ default: m.HeaderSearch })));

const mobileOnlyBlock = { display: { xs: 'block', md: 'none' } } as const;

/** The toolbar's search box, built only from `md` up. */
export function DesktopSearch() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  return (
    <Box sx={{ ...desktopOnly, ml: 2, color: 'text.primary' }}>
      {wide ? (
        <Suspense fallback={<Box sx={{ width: 240, height: 40 }} />}>
          <HeaderSearch />
        </Suspense>
      ) : null}
    </Box>
  );
}

/** The mobile search form (SPEC section 2): a full-width row under the toolbar, shown by its toggle. */
export function MobileSearchRow({ onDone }: { onDone: () => void }) {
  return (
    <Box sx={{ ...mobileOnlyBlock, px: 1.5, pb: 1, color: 'text.primary' }} data-testid="mobile-search-form">
      <Suspense fallback={<Box sx={{ height: 40 }} />}>
        <HeaderSearch autoFocus onDone={onDone} />
      </Suspense>
    </Box>
  );
}
