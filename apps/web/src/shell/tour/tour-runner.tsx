import { useTranslation } from '../../i18n/use-translation';
import { Joyride, STATUS } from 'react-joyride';
import type { EventData } from 'react-joyride';

export interface TourStep {
  target: HTMLElement;
  title: string;
  content: string;
}

/** The joyride tour itself, in the theme's colours and translated. */
export function TourRunner({ steps, onDone }: { steps: TourStep[]; onDone: () => void }) {
  const { t } = useTranslation();
  // The theme's colours as the page paints them (ui/base.css, ui/theme-vars.ts).
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();

  const onEvent = (data: EventData) => {
    if (data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) onDone();
  };

  return (
    <Joyride
      run
      continuous
      steps={steps.map((step) => ({ ...step, skipBeacon: true }))}
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
        primaryColor: token('--c-primary'),
        backgroundColor: token('--c-paper'),
        arrowColor: token('--c-paper'),
        textColor: token('--c-text'),
        // Above dialogs (--z-dialog, 1300).
        zIndex: 1310,
        showProgress: true,
        buttons: ['back', 'skip', 'primary'],
        closeButtonAction: 'skip',
        width: 320,
      }}
    />
  );
}
