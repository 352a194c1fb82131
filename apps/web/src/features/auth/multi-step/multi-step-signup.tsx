import { updateDraft, useDraft } from './draft-store';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useDocumentTitle, useT, type MessageId } from '../../../lib/i18n/i18n';
import { Button } from '../../../ui/button';
import { Logo } from '../../../ui/logo';
import { Modal } from '../../../ui/modal';
import { BirthdayStep } from './birthday-step';
import { CodeStep } from './code-step';
import { ContactStep } from './contact-step';
import { NameStep } from './name-step';
import { ParentWait } from './parent-wait';
import type { StepProps } from './step-props';
import { initialDraft, reachableStep, stepPath, stepsFor, type SignupDraft, type StepName } from './steps';
import { useStepCheck } from './use-step-check';
import styles from '../auth.module.css';

const STEP_NAMES: readonly StepName[] = ['phone', 'email', 'confirmationCode', 'nameAndPassword', 'birthday', 'parentalConsent'];
const isStep = (value: string | undefined): value is StepName => STEP_NAMES.includes(value as StepName);

const HEADINGS: Record<StepName, MessageId> = {
  phone: 'steps.contactHeading',
  email: 'steps.contactHeading',
  confirmationCode: 'steps.codeHeading',
  nameAndPassword: 'steps.nameHeading',
  birthday: 'steps.birthdayHeading',
  parentalConsent: 'steps.waitingHeading',
};

function StepBody({ step, props }: { step: StepName; props: StepProps }) {
  switch (step) {
    case 'confirmationCode':
      return <CodeStep {...props} />;
    case 'nameAndPassword':
      return <NameStep {...props} />;
    case 'birthday':
      return <BirthdayStep {...props} />;
    case 'parentalConsent':
      return <ParentWait parentEmail={props.draft.parentEmail ?? ''} onShown={() => props.update(initialDraft())} />;
    default:
      return <ContactStep {...props} />;
  }
}

/**
 * `/accounts/signup/{step}/` (spec 000 "Multi-step signup"): the contact point (phone by default,
 * or email), the texted code, name and password, then the birthday. The draft lives while the
 * page does; a step the draft cannot reach yet sends to the first one it lacks.
 */
export function MultiStepSignupPage() {
  const t = useT();
  useDocumentTitle(t('steps.title'));
  const { step: raw } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const stored = useDraft();
  const check = useStepCheck();
  const contactPointType = raw === 'phone' || raw === 'email' ? raw : stored.contactPointType;
  // The one-page form sends a minor here with the parent's address.
  const handedEmail = (location.state as { parentEmail?: string } | null)?.parentEmail ?? null;
  const draft: SignupDraft = { ...stored, contactPointType, parentEmail: stored.parentEmail ?? handedEmail };
  if (!isStep(raw)) return <Navigate to={stepPath('phone')} replace />;
  const step = reachableStep(draft, raw);
  if (step !== raw) return <Navigate to={stepPath(step)} replace />;

  const props: StepProps = {
    draft,
    update: (change) => updateDraft({ contactPointType, ...change }),
    go: (next, handed) => {
      check.setError(null);
      void navigate(stepPath(next), handed ? { state: handed } : undefined);
    },
    check,
  };
  const steps = stepsFor(contactPointType);
  const index = steps.indexOf(step);
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="signup-step-heading" data-step={step}>
        <div className={styles.logo}>
          <Logo size="lg" />
        </div>
        <h1 id="signup-step-heading" className={styles.lead}>
          {t(HEADINGS[step])}
        </h1>
        {index >= 0 ? <p className={styles.progress}>{t('steps.progress', { step: index + 1, count: steps.length })}</p> : null}
        <StepBody step={step} props={props} />
        {index > 0 ? (
          <Button variant="link" className={styles.forgot} onClick={() => void navigate(-1)}>
            {t('steps.back')}
          </Button>
        ) : null}
      </section>
      <p className={`${styles.card} ${styles.secondary}`}>
        {t('signup.haveAccount')} <Link to="/accounts/login/">{t('signup.logInLink')}</Link>
        {index === 0 ? (
          <>
            <br />
            <Link to="/accounts/emailsignup/">{t('steps.oneForm')}</Link>
          </>
        ) : null}
      </p>
      <Modal open={check.genericFailure} onClose={check.closeGeneric} title={t('steps.genericTitle')}>
        <div className={styles.dialogBody}>
          <p>{t('steps.genericBody')}</p>
          <Button block onClick={check.closeGeneric}>
            {t('steps.genericOk')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
