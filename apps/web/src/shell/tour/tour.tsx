import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { LAYOUT_LOADER_MS, TOUR_DELAY_MS } from '../../config/constants';
import { env } from '../../config/env';
import type { TranslationKey } from '../../i18n/keys';
import { tourStore } from '../../stores/tour';
import type { TourStep } from './tour-runner';

// react-joyride loads only when a tour actually runs.
const TourRunner = lazy(() => import('./tour-runner').then((m) => ({ default: m.TourRunner })));

/** The five steps of SPEC section 2, by the class names the header puts on their targets. */
const STEPS: readonly { target: string; title: TranslationKey; content: TranslationKey }[] = [
  { target: '.tour-toggle-sidebar', title: 'tour.toggleSidebar.title', content: 'tour.toggleSidebar.text' },
  { target: '.tour-quick-links', title: 'tour.quickLinks.title', content: 'tour.quickLinks.text' },
  { target: '.tour-upgrade-plan', title: 'tour.upgradePlan.title', content: 'tour.upgradePlan.text' },
  { target: '.tour-language', title: 'tour.language.title', content: 'tour.language.text' },
  { target: '.tour-theme-settings', title: 'tour.themeSettings.title', content: 'tour.themeSettings.text' },
];

/** The first visible element for a selector: on a phone some targets sit in the overflow menu instead. */
function visibleTarget(selector: string): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(selector)) {
    if (element.offsetParent !== null && element.getClientRects().length > 0) return element;
  }
  return null;
}

function tourAllowed(): boolean {
  if (!env.userTourEnabled) return false;
  // Automated browsers (end-to-end tests) never get the tour in their way.
  if (typeof navigator !== 'undefined' && navigator.webdriver) return false;
  return !tourStore.get().dismissed;
}

/**
 * The optional guided tour: it starts 1 s after the layout's 2 s loading animation, when the site config
 * enables it (on), never under an automated browser, and never again once finished or skipped.
 */
export function Tour() {
  const { t } = useTranslation();
  const [steps, setSteps] = useState<TourStep[] | null>(null);

  useEffect(() => {
    if (!tourAllowed()) return;
    const timer = setTimeout(() => {
      const found: TourStep[] = [];
      for (const step of STEPS) {
        const element = visibleTarget(step.target);
        if (element) found.push({ target: element, title: t(step.title), content: t(step.content) });
      }
      if (found.length > 0) setSteps(found);
    }, LAYOUT_LOADER_MS + TOUR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [t]);

  if (!steps) return null;
  return (
    <Suspense fallback={null}>
      <TourRunner
        steps={steps}
        onDone={() => {
          tourStore.set({ dismissed: true });
          setSteps(null);
        }}
      />
    </Suspense>
  );
}
