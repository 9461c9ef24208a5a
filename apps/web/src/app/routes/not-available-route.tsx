import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { NotAvailable } from '../../components/ui/not-available';
import { handleOf } from '../route-handle';

/** Every screen that a later issue builds: its title and an honest "not available yet". */
export function NotAvailableRoute() {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey =
    [...matches]
      .reverse()
      .map(handleOf)
      .find((h) => h.titleKey)?.titleKey ?? 'notAvailable.title';
  return <NotAvailable title={t(titleKey)} />;
}
