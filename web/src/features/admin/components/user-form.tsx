import { useState, type FormEvent } from 'react';
import { ADMIN_ROLE_LABELS, ADMIN_ROLES, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { fieldErrors as zodFieldErrors } from '@ledgerwell/shared/api-error';
import {
  createAdminUserFormSchema,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  updateAdminUserSchema,
  USERNAME_MAX_LENGTH,
  type AdminUser,
} from '@ledgerwell/shared/admin-users';
import { PASSWORD_MAX_LENGTH } from '@ledgerwell/shared/password';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { AdminUserBody } from '../api/users';
import { Modal } from './modal';

type Field = 'username' | 'email' | 'firstName' | 'lastName' | 'phone' | 'role' | 'password' | 'confirmPassword';
const ALL_FIELDS: Field[] = ['username', 'email', 'firstName', 'lastName', 'phone', 'role', 'password', 'confirmPassword'];
const ROLE_OPTIONS = ADMIN_ROLES.map((role) => ({ value: role, label: ADMIN_ROLE_LABELS[role] }));

interface UserFormProps {
  /** The user being edited; none to add one. */
  user: AdminUser | null;
  busy: boolean;
  /** Field errors the server sent back (400, or a duplicate's 409). */
  serverErrors: Partial<Record<string, string>>;
  /** A failure that belongs to no field: the server's message, 'Failed to save user' or the network text. */
  formError: string | null;
  onSubmit: (body: AdminUserBody & { password?: string }) => void;
  onCancel: () => void;
}

/**
 * The Add / Edit User modal (spec 2.2, 5.2): the shared schema checks it here before the server
 * checks it again. The username is locked when editing; password and confirmation (with the strength
 * meter) appear on create only; a new user starts as Read Only.
 */
export function UserForm({ user, busy, serverErrors, formError, onSubmit, onCancel }: UserFormProps) {
  const creating = user === null;
  const [values, setValues] = useState<Record<Field, string>>({
    username: user?.username ?? '',
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    phone: user?.phone ?? '',
    role: user?.role ?? 'READ_ONLY',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // Server errors show until their field is edited, like the form's own.
  const [clearedServerErrors, setClearedServerErrors] = useState<ReadonlySet<Field>>(new Set());
  const shown = (field: Field) => errors[field] ?? (clearedServerErrors.has(field) ? undefined : serverErrors[field]);

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setClearedServerErrors((current) => new Set(current).add(field));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      username: values.username,
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone,
      role: values.role,
    };
    const result = creating
      ? createAdminUserFormSchema.safeParse({ ...body, password: values.password, confirmPassword: values.confirmPassword })
      : updateAdminUserSchema.safeParse(body);
    if (!result.success) {
      const found = zodFieldErrors(result.error) as Partial<Record<Field, string>>;
      setErrors(found);
      setClearedServerErrors(new Set(ALL_FIELDS));
      // Focus the first field in error so a keyboard or screen-reader user lands on it.
      const first = ALL_FIELDS.find((field) => found[field]);
      if (first) document.querySelector<HTMLElement>(`.user-form [name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setClearedServerErrors(new Set());
    const data = result.data;
    const common: AdminUserBody = {
      username: creating ? data.username! : user.username,
      email: data.email,
      firstName: data.firstName,
      lastName: data.lastName,
      phone: data.phone,
      role: data.role as AdminRole,
    };
    onSubmit(creating ? { ...common, password: values.password } : common);
  }

  return (
    <Modal title={creating ? 'Add User' : 'Edit User'} onClose={onCancel}>
      <form className="user-form" noValidate onSubmit={handleSubmit}>
        {formError && (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        )}
        <TextField
          label="Username"
          name="username"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={USERNAME_MAX_LENGTH}
          required
          readOnly={!creating}
          aria-readonly={!creating || undefined}
          data-autofocus={creating || undefined}
          value={values.username}
          error={shown('username')}
          description={creating ? 'At least 3 characters. It cannot be changed later.' : 'The username cannot be changed.'}
          onChange={(event) => change('username', event.target.value)}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          maxLength={254}
          required
          data-autofocus={!creating || undefined}
          value={values.email}
          error={shown('email')}
          onChange={(event) => change('email', event.target.value)}
        />
        <div className="form-row">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="off"
            maxLength={NAME_MAX_LENGTH}
            required
            value={values.firstName}
            error={shown('firstName')}
            onChange={(event) => change('firstName', event.target.value)}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="off"
            maxLength={NAME_MAX_LENGTH}
            required
            value={values.lastName}
            error={shown('lastName')}
            onChange={(event) => change('lastName', event.target.value)}
          />
        </div>
        <TextField
          label="Phone (optional)"
          name="phone"
          type="tel"
          autoComplete="off"
          maxLength={PHONE_MAX_LENGTH}
          value={values.phone}
          error={shown('phone')}
          description="At least 10 digits; spaces, hyphens, parentheses and a leading + are fine."
          onChange={(event) => change('phone', event.target.value)}
        />
        <SelectField label="Role" name="role" options={ROLE_OPTIONS} required value={values.role} error={shown('role')} onChange={(event) => change('role', event.target.value)} />
        {creating && (
          <>
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
              required
              value={values.password}
              error={shown('password')}
              description={
                <>
                  <span className="field__hint">The user must change it at first sign-in.</span>
                  <PasswordStrengthMeter password={values.password} />
                </>
              }
              onChange={(event) => change('password', event.target.value)}
            />
            <TextField
              label="Confirm password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
              required
              value={values.confirmPassword}
              error={shown('confirmPassword')}
              onChange={(event) => change('confirmPassword', event.target.value)}
            />
          </>
        )}
        <div className="form-actions modal__actions">
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving...' : creating ? 'Create user' : 'Save changes'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
