import { Link } from 'react-router';
import type { Challenge } from '@ledgerwell/shared/challenge';
import { paths } from '../../../config/paths';
import { SignInStep } from './sign-in-step';

export const CODE_STEP_HEADING_ID = 'portal-code-heading';

interface CodeStepProps {
  code: string;
  onCodeChange: (code: string) => void;
  error: string | null;
  notice: string | null;
  busy: boolean;
  onSubmit: () => void;
  challenge: Challenge | null;
  onChallengeSolved: (altcha: string) => void;
}

/** View 2: the shareholder code (step 1 of 2). */
export function CodeStep({ code, onCodeChange, ...rest }: CodeStepProps) {
  return (
    <SignInStep
      headingId={CODE_STEP_HEADING_ID}
      step="Step 1 of 2"
      title="Enter your shareholder code"
      intro="Your shareholder code is printed on your account statement: 3 to 10 letters and digits."
      field={{ label: 'Shareholder code', name: 'code', maxLength: 10, autoCapitalize: 'characters' }}
      value={code}
      onValueChange={onCodeChange}
      submitLabel="Continue"
      busyLabel="Checking..."
      footer={
        <>
          Cannot find your code? <Link to={paths.contact}>Contact us</Link> and we will help you sign in.
        </>
      }
      {...rest}
    />
  );
}
