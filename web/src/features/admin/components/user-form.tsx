import type { FormEvent } from 'react';
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
import { useFormFields } from '../hooks/use-form-fields';
import { Modal } from './modal';
import { ModalFormActions } from './modal-form-actions';

type Field = 'username' | 'email' | 'firstName' | 'lastName' | 'phone' | 'role' | 'password' | 'confirmPassword';
const ALL_FIELDS: Field[] = [
  'username',
  'email',
  'firstName',
  'lastName',
  'phone',
  'role',
  'password',
  'confirmPassword',
];
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
  const { values, field, showErrors, clearErrors } = useFormFields<Field>(
    {
      username: user?.username ?? '',
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      phone: user?.phone ?? '',
      role: user?.role ?? 'READ_ONLY',
      password: '',
      confirmPassword: '',
    },
    serverErrors,
  );

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
      ? createAdminUserFormSchema.safeParse({
          ...body,
          password: values.password,
          confirmPassword: values.confirmPassword,
        })
      : updateAdminUserSchema.safeParse(body);
    if (!result.success) {
      const found = zodFieldErrors(result.error) as Partial<Record<Field, string>>;
      showErrors(found);
      // Focus the first field in error so a keyboard or screen-reader user lands on it.
      const first = ALL_FIELDS.find((name) => found[name]);
      if (first) document.querySelector<HTMLElement>(`.user-form [name="${first}"]`)?.focus();
      return;
    }
    clearErrors();
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
          {...field('username')}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={USERNAME_MAX_LENGTH}
          required
          readOnly={!creating}
          aria-readonly={!creating || undefined}
          data-autofocus={creating || undefined}
          description={
            creating ? 'At least 3 characters. It cannot be changed later.' : 'The username cannot be changed.'
          }
        />
        <TextField
          label="Email"
          {...field('email')}
          type="email"
          autoComplete="off"
          maxLength={254}
          required
          data-autofocus={!creating || undefined}
        />
        <div className="form-row">
          <TextField
            label="First name"
            {...field('firstName')}
            autoComplete="off"
            maxLength={NAME_MAX_LENGTH}
            required
          />
          <TextField label="Last name" {...field('lastName')} autoComplete="off" maxLength={NAME_MAX_LENGTH} required />
        </div>
        <TextField
          label="Phone (optional)"
          {...field('phone')}
          type="tel"
          autoComplete="off"
          maxLength={PHONE_MAX_LENGTH}
          description="At least 10 digits; spaces, hyphens, parentheses and a leading + are fine."
        />
        <SelectField label="Role" options={ROLE_OPTIONS} required {...field('role')} />
        {creating && (
          <>
            <TextField
              label="Password"
              {...field('password')}
              type="password"
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
              required
              description={
                <>
                  <span className="field__hint">The user must change it at first sign-in.</span>
                  <PasswordStrengthMeter password={values.password} />
                </>
              }
            />
            <TextField
              label="Confirm password"
              {...field('confirmPassword')}
              type="password"
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
              required
            />
          </>
        )}
        <ModalFormActions busy={busy} submitLabel={creating ? 'Create user' : 'Save changes'} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
