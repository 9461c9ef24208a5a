import { useFormContext } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { PasswordField } from '../../../components/password-field';

/**
 * The two fields every form that sets a password has; the form's values must name them so, and its resolver carry
 * their rules (`newPasswordRules`, `confirmMismatch`).
 */
export interface NewPasswordValues {
  newPassword: string;
  confirm: string;
}

/** A new password (6 to 64 characters) and its confirmation, inside the form's FormProvider. */
export function NewPasswordFields({
  label,
  testIds,
}: {
  label: string;
  testIds: { password: string; confirm: string };
}) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<NewPasswordValues>();
  return (
    <>
      <PasswordField
        label={label}
        registration={register('newPassword')}
        error={errors.newPassword}
        autoComplete="new-password"
        testId={testIds.password}
      />
      <PasswordField
        label={t('identity.common.confirmPassword')}
        registration={register('confirm')}
        error={errors.confirm}
        autoComplete="new-password"
        testId={testIds.confirm}
      />
    </>
  );
}
