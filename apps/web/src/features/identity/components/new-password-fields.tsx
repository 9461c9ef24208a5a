import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { confirmPasswordRules, newPasswordRules } from '../../../lib/form-rules';

/** The two fields every form that sets a password has; the form's values must name them so. */
export interface NewPasswordValues {
  newPassword: string;
  confirm: string;
}

/**
 * A new password (6 to 64 characters) and its confirmation, inside the form's FormProvider. `validate` adds a
 * rule of the form's own (the new password must differ from the old one).
 */
export function NewPasswordFields({
  label,
  testIds,
  validate,
}: {
  label: string;
  testIds: { password: string; confirm: string };
  validate?: (value: string) => true | string;
}) {
  const { t } = useTranslation();
  const {
    register,
    getValues,
    formState: { errors },
  } = useFormContext<NewPasswordValues>();
  return (
    <>
      <PasswordField
        label={label}
        registration={register('newPassword', { ...newPasswordRules(t), validate })}
        error={errors.newPassword}
        autoComplete="new-password"
        testId={testIds.password}
      />
      <PasswordField
        label={t('identity.common.confirmPassword')}
        registration={register(
          'confirm',
          confirmPasswordRules(t, () => getValues('newPassword')),
        )}
        error={errors.confirm}
        autoComplete="new-password"
        testId={testIds.confirm}
      />
    </>
  );
}
