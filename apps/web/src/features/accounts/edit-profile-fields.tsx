import { useId } from 'react';
import { useT, type MessageId } from '../../lib/i18n/i18n';
import { TextField } from '../../ui/text-field';
import { EmailStatus, PhoneStatus } from './contact-status';
import { BIO_LIMIT, emailChanged, normalizeGender, type ProfileFormData } from './edit-profile-form';
import { GenderField } from './gender-dialog';
import styles from './edit-profile.module.css';

interface FieldsProps {
  values: ProfileFormData;
  errors: Record<string, string>;
  onChange: (patch: Partial<ProfileFormData>) => void;
  /** The email as saved: a new one needs the current password, asked for under it. */
  savedEmail: string;
  password: string;
  onPasswordChange: (password: string) => void;
  /** Whether the saved email and phone number are confirmed (unknown: nothing is shown). */
  confirmed?: { email?: boolean; phone?: boolean; savedPhone?: string };
}

type TextKey = 'first_name' | 'username' | 'external_url' | 'email' | 'phone_number';
const PUBLIC_FIELDS: { name: TextKey; label: MessageId; type: string; autoComplete: string }[] = [
  { name: 'first_name', label: 'account.edit.name', type: 'text', autoComplete: 'name' },
  { name: 'username', label: 'account.edit.username', type: 'text', autoComplete: 'username' },
  { name: 'external_url', label: 'account.edit.website', type: 'url', autoComplete: 'url' },
];
const EMAIL_FIELD: typeof PUBLIC_FIELDS = [{ name: 'email', label: 'account.edit.email', type: 'email', autoComplete: 'email' }];
const PHONE_FIELD: typeof PUBLIC_FIELDS = [{ name: 'phone_number', label: 'account.edit.phone', type: 'tel', autoComplete: 'tel' }];

/** One server error under its field, tied to the control for screen readers. */
function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className={styles.error}>
      {text}
    </p>
  ) : null;
}

/** The edit form's inputs; each shows the server's error for it underneath. */
export function EditProfileFields({ values, errors, onChange, savedEmail, password, onPasswordChange, confirmed }: FieldsProps) {
  const t = useT();
  const id = useId();
  const text = (fields: typeof PUBLIC_FIELDS) =>
    fields.map(({ name, label, type, autoComplete }) => (
      <TextField key={name} label={t(label)} name={name} type={type} autoComplete={autoComplete} value={values[name]} error={errors[name]} onChange={(event) => onChange({ [name]: event.target.value })} />
    ));
  const gender = normalizeGender(values.gender);
  return (
    <>
      {text(PUBLIC_FIELDS)}
      <div className={styles.block}>
        <label htmlFor={`${id}-bio`} className={styles.label}>
          {t('account.edit.bio')}
        </label>
        <textarea
          id={`${id}-bio`}
          name="biography"
          className={styles.textarea}
          rows={3}
          maxLength={BIO_LIMIT}
          value={values.biography}
          aria-invalid={errors.biography ? true : undefined}
          aria-describedby={`${id}-bio-count${errors.biography ? ` ${id}-bio-error` : ''}`}
          onChange={(event) => onChange({ biography: event.target.value })}
        />
        <span id={`${id}-bio-count`} className={styles.counter}>
          {t('account.edit.bioCount', { count: values.biography.length, limit: BIO_LIMIT })}
        </span>
        <FieldError id={`${id}-bio-error`} text={errors.biography} />
      </div>
      <h2 className={styles.subheading}>{t('account.edit.privateInfo')}</h2>
      {text(EMAIL_FIELD)}
      {confirmed?.email !== undefined && savedEmail && !emailChanged(values, savedEmail) ? <EmailStatus confirmed={confirmed.email} /> : null}
      {emailChanged(values, savedEmail) ? (
        <TextField
          label={t('account.edit.currentPassword')}
          name="password"
          type="password"
          autoComplete="current-password"
          revealable
          value={password}
          hint={t('account.edit.currentPasswordHint')}
          error={errors.password}
          onChange={(event) => onPasswordChange(event.target.value)}
        />
      ) : null}
      {text(PHONE_FIELD)}
      {confirmed?.phone !== undefined && values.phone_number.trim() === (confirmed.savedPhone ?? '') ? <PhoneStatus confirmed={confirmed.phone} hasNumber={values.phone_number.trim() !== ''} /> : null}
      <GenderField value={{ gender, custom_gender: values.custom_gender }} onSaved={(saved) => onChange(saved)} />
      <div className={styles.checkRow}>
        <input id={`${id}-chaining`} type="checkbox" name="chaining_enabled" checked={values.chaining_enabled} aria-describedby={`${id}-chaining-hint`} onChange={(event) => onChange({ chaining_enabled: event.target.checked })} />
        <div className={styles.checkText}>
          <label htmlFor={`${id}-chaining`} className={styles.checkLabel}>
            {t('account.edit.chaining')}
          </label>
          <p id={`${id}-chaining-hint`} className={styles.hint}>
            {t('account.edit.chainingHint')}
          </p>
        </div>
      </div>
    </>
  );
}
