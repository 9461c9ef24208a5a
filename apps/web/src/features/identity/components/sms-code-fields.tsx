import { useFormContext } from 'react-hook-form';
import { trimmed } from '../../../lib/form-rules';
import { CaptchaField } from './captcha-field';
import { MobileField } from './mobile-field';

/**
 * The two fields of a form proven by an SMS code; the form's values must name them so, and its resolver carry
 * their rules (`mobileRule`, `captchaRule`).
 */
export interface SmsCodeValues {
  mobile: string;
  captcha: string;
}

/**
 * The mobile and the SMS code sent to it, inside the form's FormProvider: the send button checks the mobile
 * first, then `send` asks the server for a code. Test ids: `<testIdPrefix>-mobile`, `<testIdPrefix>-captcha`.
 */
export function SmsCodeFields({
  send,
  initialWaitSeconds,
  testIdPrefix,
}: {
  send: (mobile: string) => Promise<unknown>;
  initialWaitSeconds?: number;
  testIdPrefix: string;
}) {
  const {
    register,
    trigger,
    getValues,
    formState: { errors },
  } = useFormContext<SmsCodeValues>();
  return (
    <>
      <MobileField
        registration={register('mobile', trimmed)}
        error={errors.mobile}
        testId={`${testIdPrefix}-mobile`}
      />
      <CaptchaField
        registration={register('captcha', trimmed)}
        error={errors.captcha}
        mobileValid={() => trigger('mobile')}
        send={() => send(getValues('mobile'))}
        initialWaitSeconds={initialWaitSeconds}
        testId={`${testIdPrefix}-captcha`}
      />
    </>
  );
}
