import Box from '@mui/material/Box';
import { useLocation, useOutlet } from 'react-router';
import { themeOptions } from '../stores/theme-options';
import { ROUTE_ANIMATION_KEYFRAMES } from '../theme/route-animations';

/** The routed page, replayed with the customizer's route animation whenever the page changes. */
export function AnimatedOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const animation = themeOptions.use((s) => s.routerAnimation);
  return (
    <Box
      key={pathname}
      sx={{
        animation: `${ROUTE_ANIMATION_KEYFRAMES[animation]} 0.5s ease both`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      {outlet}
    </Box>
  );
}
