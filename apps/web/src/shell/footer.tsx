import { useTranslation } from '../i18n/use-translation';
import { Text } from '../ui/text';
import styles from './footer.module.css';

/** The layouts' footer: the copyright line. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <Text variant="caption">{t('app.copyright', { year: new Date().getFullYear() })}</Text>
    </footer>
  );
}
