import { ADMIN_MESSAGES } from '@ledgerwell/shared/admin-auth';
import { PasswordStrengthMeter } from '../password-strength-meter';
import { TextField } from '../ui/text-field';

/** The confirmation field's message, or undefined when it repeats the password. */
export function confirmationError(password: string, confirm: string): string | undefined {
  if (!confirm) return ADMIN_MESSAGES.confirmPasswordRequired;
  return confirm === password ? undefined : ADMIN_MESSAGES.passwordsDoNotMatch;
}

interface NewPasswordFieldsProps {
  /** The password field's name (the API's), e.g. 'newPassword'. */
  name: string;
  label: string;
  confirmLabel: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  error: string | undefined;
  confirmError: string | undefined;
}

/** A new password with its live strength, and the same password again. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={props.label}
        name={props.name}
        type="password"
        autoComplete="new-password"
        required
        value={props.password}
        onChange={(event) => props.onPassword(event.target.value)}
        error={props.error}
        description={<PasswordStrengthMeter password={props.password} />}
      />
      <TextField
        label={props.confirmLabel}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        value={props.confirm}
        onChange={(event) => props.onConfirm(event.target.value)}
        error={props.confirmError}
      />
    </>
  );
}
