import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../router';
import { Text } from '../../ui/text';
import styles from './header-brand.module.css';

/**
 * The logo and the brand's name, leading where the layout says. On a phone the logo alone, a 44 px tap (the name
 * would be cut to its first letters beside the toolbar's buttons); it stays the link's name for screen readers.
 */
export function HeaderBrand({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <Link to={href} aria-label={t('app.brand')} className={styles.brand}>
      <img src="./favicon.svg" alt="" className={styles.logo} />
      <Text variant="subtitle1" noWrap weight={700} className={styles.name}>
        {t('app.brand')}
      </Text>
    </Link>
  );
}
