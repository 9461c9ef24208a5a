import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useNavigate } from '../router';
import { Hint } from '../components/ui/hint';
import { languageOf } from '../i18n/languages';
import { IconButton } from '../ui/button';
import { ArrowBackIcon } from '../ui/icons/ArrowBackIcon';
import { Text } from '../ui/text';
import { LanguageMenu } from './header/language-menu';
import styles from './mobile-app-bar.module.css';

/** The app bar of the mobile agent and session pages: back, the page title, language. */
export function MobileAppBar({ title, fallbackHref }: { title: string; fallbackHref: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [languageAnchor, setLanguageAnchor] = useState<HTMLElement | null>(null);

  const back = () => {
    // React Router numbers its history entries; at the first one there is nothing to go back to.
    const state: unknown = window.history.state;
    const index =
      state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' ? state.idx : 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallbackHref, { replace: true });
  };

  return (
    <header className={styles.bar}>
      <div className={styles.toolbar}>
        <IconButton
          color="inherit"
          aria-label={t('common.back')}
          onClick={back}
          data-testid="app-bar-back"
          className={styles.button}
        >
          <ArrowBackIcon flipInRtl />
        </IconButton>
        <Text variant="h6" component="h1" noWrap className={styles.title}>
          {title}
        </Text>
        <Hint title={t('header.language')}>
          <IconButton
            color="inherit"
            aria-label={t('header.language')}
            onClick={(event) => setLanguageAnchor(event.currentTarget)}
            data-testid="app-bar-language"
            className={styles.button}
          >
            <span className={styles.flag} aria-hidden>
              {languageOf(i18n.language).flag}
            </span>
          </IconButton>
        </Hint>
      </div>
      <LanguageMenu anchorEl={languageAnchor} onClose={() => setLanguageAnchor(null)} />
    </header>
  );
}
