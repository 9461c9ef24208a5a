import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEventHandler, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { Navigate, useNavigate } from '../../../router';
import { z } from 'zod';
import { ZOperatorName, ZOperatorPassword, ZTotpCode } from '@promoter/contract';
import { SubmitButton } from '../../../components/ui/submit-button';
import { paths } from '../../../config/paths';
import { contractResolver } from '../../../lib/contract-resolver';
import { muiField } from '../../../lib/mui-field';
import { useOperator } from '../../../lib/operator-session';
import { useChangeOperatorPassword } from '../api/change-operator-password';
import { useOperatorLogin } from '../api/operator-login';

interface ConsoleFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  testId: string;
  busy: boolean;
  submit: string;
  submitTestId?: string;
  children: ReactNode;
}

/** The page's forms: the fields one under the other, checked by the form itself, then the submit button. */
function ConsoleForm({ onSubmit, testId, busy, submit, submitTestId, children }: ConsoleFormProps) {
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} data-testid={testId}>
      {children}
      <SubmitButton busy={busy} testId={submitTestId}>
        {submit}
      </SubmitButton>
    </Stack>
  );
}

interface LoginValues {
  name: string;
  password: string;
  code: string;
}

interface ChangeValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

function LoginForm() {
  const { t } = useTranslation();
  const login = useOperatorLogin();
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    defaultValues: { name: '', password: '', code: '' },
    resolver: contractResolver<LoginValues>({
      name: {
        schema: ZOperatorName,
        required: t('admin.login.required'),
        invalid: t('admin.login.nameInvalid'),
      },
      password: { schema: z.string().min(1), required: t('admin.login.required') },
      code: { schema: ZTotpCode, required: t('admin.login.required'), invalid: t('admin.login.codeInvalid') },
    }),
  });
  const { errors } = formState;
  return (
    <ConsoleForm
      onSubmit={handleSubmit((values) => login.mutate(values))}
      testId="admin-login-form"
      busy={login.isPending}
      submit={t('admin.login.submit')}
      submitTestId="admin-login-submit"
    >
      <TextField
        label={t('admin.login.name')}
        autoComplete="username"
        autoFocus
        {...muiField(register('name'), errors.name)}
        slotProps={{ htmlInput: { 'data-testid': 'admin-login-name' } }}
      />
      <TextField
        label={t('admin.login.password')}
        type="password"
        autoComplete="current-password"
        {...muiField(register('password'), errors.password)}
        slotProps={{ htmlInput: { 'data-testid': 'admin-login-password' } }}
      />
      <TextField
        label={t('admin.login.code')}
        autoComplete="one-time-code"
        {...muiField(register('code'), errors.code)}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, 'data-testid': 'admin-login-code' } }}
      />
    </ConsoleForm>
  );
}

/** An operator on its one-time password changes it before anything else (the server allows only `self` calls). */
function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangeOperatorPassword();
  const { register, handleSubmit, formState } = useForm<ChangeValues>({
    defaultValues: { oldPassword: '', newPassword: '', confirm: '' },
    resolver: contractResolver<ChangeValues>(
      {
        oldPassword: { schema: z.string().min(1), required: t('admin.login.required') },
        newPassword: {
          schema: ZOperatorPassword,
          required: t('admin.login.required'),
          invalid: t('admin.changePassword.tooShort'),
        },
        confirm: { schema: z.string().min(1), required: t('admin.login.required') },
      },
      (values) => ({ confirm: values.confirm !== values.newPassword && t('admin.changePassword.mismatch') }),
    ),
  });
  const { errors } = formState;
  return (
    <ConsoleForm
      onSubmit={handleSubmit(({ oldPassword, newPassword }) =>
        change.mutate(
          { oldPassword, newPassword },
          { onSuccess: () => void navigate(paths.admin.withdrawals.getHref(), { replace: true }) },
        ),
      )}
      testId="admin-change-password-form"
      busy={change.isPending}
      submit={t('admin.changePassword.submit')}
      submitTestId="admin-change-password-submit"
    >
      <Alert severity="info">{t('admin.changePassword.hint')}</Alert>
      <TextField
        label={t('admin.changePassword.oldPassword')}
        type="password"
        autoComplete="current-password"
        {...muiField(register('oldPassword'), errors.oldPassword)}
        slotProps={{ htmlInput: { 'data-testid': 'admin-change-old' } }}
      />
      <TextField
        label={t('admin.changePassword.newPassword')}
        type="password"
        autoComplete="new-password"
        {...muiField(register('newPassword'), errors.newPassword)}
        slotProps={{ htmlInput: { 'data-testid': 'admin-change-new' } }}
      />
      <TextField
        label={t('admin.changePassword.confirm')}
        type="password"
        autoComplete="new-password"
        {...muiField(register('confirm'), errors.confirm)}
        slotProps={{ htmlInput: { 'data-testid': 'admin-change-confirm' } }}
      />
    </ConsoleForm>
  );
}

/** `#/admin/login`: the operator console's own sign-in (name, password, the authenticator's code). */
export function AdminLoginPage() {
  const { t } = useTranslation();
  const operator = useOperator();
  if (operator && !operator.mustChangePassword)
    return <Navigate to={paths.admin.withdrawals.getHref()} replace />;
  const changing = operator?.mustChangePassword === true;
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}
      data-testid="page-admin-login"
    >
      <Paper sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {changing ? t('admin.changePassword.title') : t('admin.login.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {changing ? operator.name : t('admin.login.subtitle')}
        </Typography>
        {changing ? <ChangePasswordForm /> : <LoginForm />}
      </Paper>
    </Box>
  );
}
