import { useTranslation } from '../i18n/use-translation';
import { Text } from '../ui/text';

/** The product's logo and name at the top of a front-door card (login, the platform's index). */
export function BrandHeading({ logoSize }: { logoSize: number }) {
  const { t } = useTranslation();
  return (
    <>
      <img src="./favicon.svg" alt="" width={logoSize} height={logoSize} />
      <Text variant="h5" component="h2">
        {t('app.brand')}
      </Text>
    </>
  );
}
