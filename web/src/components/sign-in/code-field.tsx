import { useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { CHALLENGE_MESSAGES, type Challenge } from '@ledgerwell/shared/challenge';
import { TextField } from '../ui/text-field';
import { ProofOfWork, challengeOf } from '../proof-of-work';
import { checkCode, codeFailure, type CodeKind } from './mfa-view';

type InputAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'autoComplete' | 'autoCapitalize' | 'spellCheck' | 'inputMode' | 'pattern' | 'placeholder' | 'maxLength'
>;

/** The input's attributes per kind: digits for the app's code, free text for a recovery code. */
const CODE_INPUT: Record<CodeKind, InputAttributes> = {
  totp: { name: 'code', autoComplete: 'one-time-code', inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 },
  recovery: {
    name: 'recoveryCode',
    autoComplete: 'off',
    autoCapitalize: 'none',
    spellCheck: false,
    placeholder: 'xxxxx-xxxxx',
    maxLength: 11,
  },
  either: { name: 'code', autoComplete: 'one-time-code', autoCapitalize: 'none', spellCheck: false, maxLength: 32 },
};

interface CodeEntryOptions {
  kind: CodeKind;
  /** Sends the checked code (and a solved proof of work when the server asked for one); throws ApiRequestError. */
  send: (code: string, altcha?: string) => Promise<void>;
  /** The message under the field when the server refuses the code without its own words. */
  invalidMessage: string;
  /** When given, called instead of showing the error if the sign-in has to start over. */
  onExpired?: (notice?: string) => void;
}

export interface CodeEntry {
  code: string;
  setCode: (code: string) => void;
  fieldError: string | undefined;
  formError: string | null;
  busy: boolean;
  challenge: { challenge: Challenge; code: string } | null;
  kind: CodeKind;
  handleSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  retry: (altcha: string) => void;
  challengeFailed: () => void;
  /** Empties the field and its errors (e.g. when switching between app and recovery codes). */
  reset: () => void;
}

/**
 * The state of a second-factor code form: checks and normalises the code before sending it, shows
 * the server's refusal under the field or as an alert, and, past the limit of failed codes, sends
 * the same code again with a solved proof of work.
 */
export function useCodeEntry({ kind, send, invalidMessage, onExpired }: CodeEntryOptions): CodeEntry {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<{ challenge: Challenge; code: string } | null>(null);

  async function submitChecked(checkedCode: string, altcha?: string) {
    setBusy(true);
    setChallenge(null);
    try {
      await send(checkedCode, altcha);
    } catch (error) {
      const asked = challengeOf(error);
      if (asked) {
        setChallenge({ challenge: asked, code: checkedCode });
        return;
      }
      const failure = codeFailure(error, invalidMessage);
      if (failure.expired && onExpired) {
        onExpired(failure.form);
        return;
      }
      setFieldError(failure.field);
      setFormError(failure.form ?? null);
      setBusy(false);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const checked = checkCode(code, kind);
    if ('error' in checked) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(undefined);
    await submitChecked(checked.code);
  }

  return {
    code,
    setCode,
    fieldError,
    formError,
    busy,
    challenge,
    kind,
    handleSubmit,
    retry: (altcha) => {
      if (challenge) void submitChecked(challenge.code, altcha);
    },
    challengeFailed: () => {
      setChallenge(null);
      setBusy(false);
      setFormError(CHALLENGE_MESSAGES.failed);
    },
    reset: () => {
      setCode('');
      setFieldError(undefined);
      setFormError(null);
    },
  };
}

interface CodeFieldProps {
  kind: CodeKind;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoFocus?: boolean;
}

/** A labelled one-time-code input; its error is tied to it with aria-invalid and aria-describedby. */
export function CodeField({ kind, label, value, onChange, error, autoFocus }: CodeFieldProps) {
  return (
    <TextField
      label={label}
      {...CODE_INPUT[kind]}
      required
      autoFocus={autoFocus}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

interface CodeFormProps {
  entry: CodeEntry;
  label: string;
  autoFocus?: boolean;
  /** The form's buttons. */
  children: ReactNode;
}

/** The alert, the code field, the proof of work when asked for, then the buttons. */
export function CodeForm({ entry, label, autoFocus, children }: CodeFormProps) {
  return (
    <>
      {entry.formError && (
        <div className="notice notice--error" role="alert">
          {entry.formError}
        </div>
      )}
      <form onSubmit={entry.handleSubmit} noValidate className="form">
        <CodeField
          key={entry.kind}
          kind={entry.kind}
          label={label}
          value={entry.code}
          onChange={entry.setCode}
          error={entry.fieldError}
          autoFocus={autoFocus}
        />
        {entry.challenge && (
          <ProofOfWork challenge={entry.challenge.challenge} onSolved={entry.retry} onFailed={entry.challengeFailed} />
        )}
        {children}
      </form>
    </>
  );
}
