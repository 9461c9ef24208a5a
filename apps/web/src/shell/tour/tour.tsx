import { useTheme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Joyride, STATUS } from 'react-joyride';
import type { EventData, Step } from 'react-joyride';
import { z } from 'zod';
import { LAYOUT_LOADER_MS, TOUR_DELAY_MS } from '../../config/constants';
import { env } from '../../config/env';
import type { TranslationKey } from '../../i18n/keys';
import { readStored, writeStored } from '../../lib/storage';

const DISMISSED_KEY = 'tourDismissed';

/** The five steps of SPEC section 2, by the class names the header and sidebar put on their targets. */
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
  return readStored(DISMISSED_KEY, z.boolean()) !== true;
}

/**
 * The optional guided tour: it starts 1 s after the layout's 2 s loading animation, when the site config
 * enables it, and never again once finished or skipped.
 */
export function Tour() {
  const { t } = useTranslation();
  const theme = useTheme();
  const [steps, setSteps] = useState<Step[] | null>(null);

  useEffect(() => {
    if (!tourAllowed()) return;
    const timer = setTimeout(() => {
      const found: Step[] = [];
      for (const step of STEPS) {
        const element = visibleTarget(step.target);
        if (element) found.push({ target: element, title: t(step.title), content: t(step.content), skipBeacon: true });
      }
      if (found.length > 0) setSteps(found);
    }, LAYOUT_LOADER_MS + TOUR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [t]);

  if (!steps) return null;

  const onEvent = (data: EventData) => {
    if (data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) {
      writeStored(DISMISSED_KEY, true);
      setSteps(null);
    }
  };

  return (
    <Joyride
      run
      continuous
      steps={steps}
      onEvent={onEvent}
      locale={{
        back: t('tour.back'),
        close: t('tour.close'),
        last: t('tour.last'),
        next: t('tour.next'),
        nextWithProgress: t('tour.nextWithProgress'),
        skip: t('tour.skip'),
      }}
      options={{
        primaryColor: theme.palette.primary.main,
        backgroundColor: theme.palette.background.paper,
        arrowColor: theme.palette.background.paper,
        textColor: theme.palette.text.primary,
        zIndex: theme.zIndex.modal + 10,
        showProgress: true,
        buttons: ['back', 'skip', 'primary'],
        closeButtonAction: 'skip',
        width: 320,
      }}
    />
  );
}
