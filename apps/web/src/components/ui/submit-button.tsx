import type { ButtonProps } from '../../ui/button';
import { Button } from '../../ui/button';

/** A form's main button: it submits the form and is disabled while the form is busy. */
export function SubmitButton({
  busy,
  testId,
  ...props
}: Omit<ButtonProps, 'type' | 'disabled'> & { busy: boolean; testId?: string }) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={busy} data-testid={testId} {...props} />
  );
}
