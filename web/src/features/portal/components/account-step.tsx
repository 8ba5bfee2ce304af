import { Link } from 'react-router';
import type { Challenge } from '@ledgerwell/shared/challenge';
import { paths } from '../../../config/paths';
import { SignInLinkOffer, type SignInLinkState } from './sign-in-link-offer';
import { SignInStep } from './sign-in-step';

export const ACCOUNT_STEP_HEADING_ID = 'portal-account-heading';

interface AccountStepProps {
  accountNumber: string;
  onAccountNumberChange: (accountNumber: string) => void;
  error: string | null;
  notice: string | null;
  busy: boolean;
  onSubmit: () => void;
  challenge: Challenge | null;
  onChallengeSolved: (altcha: string) => void;
  onBack: () => void;
  signInLink: { state: SignInLinkState; message: string | null };
  onSendSignInLink: () => void;
}

/** View 3: the statement account number (step 2 of 2), with Back to shareholder code. */
export function AccountStep({
  accountNumber,
  onAccountNumberChange,
  onBack,
  signInLink,
  onSendSignInLink,
  ...rest
}: AccountStepProps) {
  return (
    <SignInStep
      afterNotice={<SignInLinkOffer {...signInLink} onSend={onSendSignInLink} />}
      headingId={ACCOUNT_STEP_HEADING_ID}
      before={
        <button type="button" className="button button--ghost button--small portal-back" onClick={onBack}>
          <span aria-hidden="true">←</span> Back to shareholder code
        </button>
      }
      step="Step 2 of 2"
      title="Verify your account"
      intro="Enter the account number shown on your latest statement for this holding."
      // The registry's account numbers are letters, digits and dashes (shared/src/registry.ts): the
      // letters keyboard in capitals, no autocorrect; a digits keypad would lock out lettered numbers.
      field={{ label: 'Statement account number', name: 'accountNumber', maxLength: 40, autoCapitalize: 'characters' }}
      value={accountNumber}
      onValueChange={onAccountNumberChange}
      submitLabel="Verify Account"
      busyLabel="Verifying..."
      footer={
        <>
          No statement at hand? <Link to={paths.contact}>Contact us</Link>.
        </>
      }
      {...rest}
    />
  );
}
