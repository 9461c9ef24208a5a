import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Joyride, STATUS } from 'react-joyride';
import type { EventData } from 'react-joyride';

export interface TourStep {
  target: HTMLElement;
  title: string;
  content: string;
}

/** The joyride tour itself, themed and translated. */
export function TourRunner({ steps, onDone }: { steps: TourStep[]; onDone: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();

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
