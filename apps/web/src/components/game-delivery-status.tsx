import type { GameDelivery } from '@promoter/contract';
import { useTranslation } from '../i18n/use-translation';
import { cx } from '../ui/cx';
import { Text } from '../ui/text';
import type { TextVariant } from '../ui/text';
import styles from './game-delivery-status.module.css';

/**
 * Whether the game has the diamonds of a recharge or an order (the server's rule, decision 040): a small line of a
 * coloured dot and the state's words, the size of the text around it (a bill row's caption, a detail's value). The
 * dot is green when delivered, blue on its way, orange when late; the words stay quiet unless the diamonds are late.
 */
export function GameDeliveryStatus({
  state,
  variant = 'caption',
  testId,
}: {
  state: GameDelivery;
  variant?: TextVariant;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Text
      component="span"
      variant={variant}
      data-testid={testId}
      data-state={state}
      className={cx(styles.status, state === 'delayed' && styles.late)}
    >
      <span aria-hidden="true" className={cx(styles.dot, styles[state])} />
      {t(`gameDelivery.${state}`)}
    </Text>
  );
}
