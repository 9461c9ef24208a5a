import type { ReactNode, Ref } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useAgentUser } from '../../../api/get-user';
import { paths } from '../../../config/paths';
import { languageOf } from '../../../i18n/languages';
import { formatCount } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { useAmountForm } from '../lib/use-amount-form';
import { useConfirmedOperation } from '../lib/use-confirmed-operation';
import type { Mutation } from '../lib/use-confirmed-operation';
import { AccountSummary } from './account-summary';
import { ConfirmOperationDialog } from './confirm-rows';
import { DiamondAmountField, diamondAmountRule } from './diamond-amount-field';
import { SectionCard } from './section-card';
import { SuccessCard } from './success-card';

/** Whom diamonds go to: a player (recharge) or an agent of the downline (transfer). */
export interface Recipient {
  id: number;
  nickname: string;
}

/** What a sending did, shown in the success card until the next one starts. */
export interface DiamondsSent {
  to: Recipient;
  diamonds: number;
  /** The agent's stock after. */
  stock: number;
}

type Kind = 'transfer' | 'recharge';

/** The words for the recipient in each way of sending (the rest are `money.<kind>.*` of the same name). */
const RECIPIENT_TEXTS = {
  transfer: {
    title: 'money.transfer.target',
    pick: 'money.transfer.pickAgent',
    confirm: 'money.transfer.confirmAgent',
    confirmTestId: 'transfer-confirm-agent',
  },
  recharge: {
    title: 'money.recharge.player',
    pick: 'money.recharge.pickPlayer',
    confirm: 'money.recharge.confirmPlayer',
    confirmTestId: 'recharge-confirm-player',
  },
} as const satisfies Record<Kind, object>;

interface SendDiamondsProps<V, D extends { diamonds: number }> {
  /** The texts (`money.<kind>.*`) and the test ids (`<kind>-*`). */
  kind: Kind;
  /** The chosen recipient, or null until one is chosen. */
  recipient: Recipient | null;
  /** How the chosen recipient shows above the amount. */
  selected: ReactNode;
  /** The operation; its answer's `diamonds` is the stock after. */
  mutation: Mutation<V, D>;
  inputOf: (to: Recipient, diamonds: number, requestId: string) => V;
  /** Whom the answer says the diamonds went to; the chosen recipient when not given. */
  sentTo?: (data: D) => Recipient;
  result: DiamondsSent | null;
  onResult: (result: DiamondsSent | null) => void;
  testId?: string;
  /** The typed amount's input (a page focuses it once the recipient is chosen for it). */
  amountRef?: Ref<HTMLInputElement>;
  /** Where the recipient is chosen, between the success card and the amount. */
  children: ReactNode;
}

/**
 * Diamonds from the agent's stock to someone: the stock, what the last sending did, the recipient, the amount
 * (quick picks or typed, within the stock), then a confirmation and one request per attempt.
 */
export function SendDiamonds<V, D extends { diamonds: number }>({
  kind,
  recipient,
  selected,
  mutation,
  inputOf,
  sentTo,
  result,
  onResult,
  testId,
  amountRef,
  children,
}: SendDiamondsProps<V, D>) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const texts = RECIPIENT_TEXTS[kind];
  const { user } = useAgentUser();
  const stock = user?.diamonds;
  // The contract's diamonds of one move (recharge, transferAgent), then the agent's stock.
  const { control, handleSubmit, reset, isValid } = useAmountForm(
    diamondAmountRule(t),
    (amount) =>
      stock !== undefined && Number(amount.trim()) > stock && t('money.amount.notEnoughStock', { stock }),
    [stock],
  );
  const operation = useConfirmedOperation({
    mutation,
    keyOf: (attempt: { to: Recipient; diamonds: number }) => `${attempt.to.id}:${attempt.diamonds}`,
    inputOf: (attempt, requestId) => inputOf(attempt.to, attempt.diamonds, requestId),
    onSuccess: (data, attempt) => {
      onResult({ to: sentTo ? sentTo(data) : attempt.to, diamonds: attempt.diamonds, stock: data.diamonds });
      reset();
    },
  });

  const canSubmit = recipient !== null && isValid && !operation.busy;

  return (
    <Stack spacing={2} data-testid={testId}>
      <AccountSummary show={['diamonds']} />
      {result ? (
        <SuccessCard
          testId={`${kind}-success`}
          title={t(`money.${kind}.successTitle`)}
          text={t(`money.${kind}.successText`, {
            nickname: result.to.nickname,
            id: result.to.id,
            diamonds: formatCount(result.diamonds, locale),
          })}
          after={t('money.common.stockAfter', { stock: formatCount(result.stock, locale) })}
          actions={
            <>
              <Button variant="contained" onClick={() => onResult(null)} data-testid={`${kind}-again`}>
                {t(`money.${kind}.again`)}
              </Button>
              <Button to={paths.agent.currencyList.getHref()} variant="outlined">
                {t('money.common.viewFlow')}
              </Button>
            </>
          }
        />
      ) : null}
      {children}
      <SectionCard title={t(texts.title)}>
        {recipient ? selected : <Text color="textSecondary">{t(texts.pick)}</Text>}
        <Controller
          name="amount"
          control={control}
          render={({ field, fieldState }) => (
            <DiamondAmountField
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message ?? null}
              disabled={operation.busy}
              testIdPrefix={kind}
              inputRef={amountRef}
            />
          )}
        />
        <Button
          variant="contained"
          size="large"
          disabled={!canSubmit}
          onClick={handleSubmit((values) => {
            if (recipient && !operation.busy)
              operation.ask({ to: recipient, diamonds: Number(values.amount.trim()) });
          })}
          data-testid={`${kind}-submit`}
        >
          {operation.busy ? t('money.common.sending') : t(`money.${kind}.submit`)}
        </Button>
      </SectionCard>
      <ConfirmOperationDialog
        operation={operation}
        title={t(`money.${kind}.confirmTitle`)}
        note={t(`money.${kind}.confirmNote`)}
        rows={(attempt) => [
          {
            label: t(texts.confirm),
            value: t('money.common.nameWithId', { name: attempt.to.nickname, id: attempt.to.id }),
            testId: texts.confirmTestId,
          },
          {
            label: t(`money.${kind}.confirmAmount`),
            value: t('money.common.diamondsValue', { value: formatCount(attempt.diamonds, locale) }),
            testId: `${kind}-confirm-amount`,
          },
        ]}
      />
    </Stack>
  );
}
