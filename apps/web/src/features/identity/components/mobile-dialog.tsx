import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { withProgress } from '../../../api/call-with-progress';
import { invalidate } from '../../../api/query-keys';
import { CONFIRM_DIALOG_MAX_WIDTH } from '../../../config/constants';
import { contractResolver } from '../../../lib/contract-resolver';
import { captchaRule, mobileRule } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '../../../ui/dialog';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { sendCaptcha } from '../api/get-captcha';
import { verifyMobile } from '../api/verify-mobile';
import styles from './mobile-dialog.module.css';
import { SmsCodeFields } from './sms-code-fields';
import type { SmsCodeValues } from './sms-code-fields';

/**
 * Verify or change the account's mobile: the number, its SMS code (purpose `bind-mobile`), then telVerify, which
 * takes the number in one transaction (a number another account holds is refused). The profile reads it again.
 */
export function MobileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SmsCodeValues>({
    resolver: contractResolver<SmsCodeValues>({ mobile: mobileRule(t), captcha: captchaRule(t) }),
    defaultValues: { mobile: '', captcha: '' },
  });
  const {
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = form;

  const close = () => {
    if (isSubmitting) return;
    setFailure(null);
    reset();
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const failed = await withProgress(async () => {
      const { mobile } = await verifyMobile(values.mobile, values.captcha);
      await invalidate.accountChanged(queryClient);
      notify.success(t('profile.mobile.done', { mobile }));
      reset();
      onClose();
    });
    if (failed !== null) setFailure(failed);
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="mobile-dialog-title"
      className={styles.paper}
      style={{ maxWidth: CONFIRM_DIALOG_MAX_WIDTH }}
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} data-testid="mobile-dialog">
          <DialogTitle id="mobile-dialog-title">{t('profile.mobile.dialogTitle')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} className={styles.fields}>
              <Text variant="body2" color="textSecondary">
                {t('profile.mobile.dialogText')}
              </Text>
              <SmsCodeFields
                send={(mobile) => sendCaptcha(mobile, 'bind-mobile')}
                testIdPrefix="profile-mobile"
              />
              {failure ? <Alert severity="error">{failure}</Alert> : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={isSubmitting} color="inherit">
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={isSubmitting}
              data-testid="profile-mobile-submit"
            >
              {t('profile.mobile.submit')}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
