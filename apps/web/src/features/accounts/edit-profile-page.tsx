import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SpamFeedback } from '@shutter/contract';
import { spamFeedbackOf } from '../../state/action-rules';
import { SpamDialog } from '../../ui/spam-dialog';
import { useToast } from '../../state/toast/toast-context';
import { fieldErrorsOf, firstServerError } from '../../lib/api';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useSession } from '../../state/session';
import { saveProfile, useEditProfile, type EditProfileData } from '../../state/queries/settings';
import { EditProfileFields } from './edit-profile-fields';
import { emptyProfileForm, normalizeGender, profileFormFields, type ProfileFormData } from './edit-profile-form';
import { ConfirmEmailReminder } from './confirm-email-reminder';
import { ProfilePictureRow } from './profile-picture-row';
import { SettingsLayout } from './settings-layout';
import settings from './settings.module.css';
import styles from './edit-profile.module.css';

/** The server's form, with missing values filled so every input stays controlled. */
function formOf(data: EditProfileData): ProfileFormData {
  const base = emptyProfileForm();
  const d = data.form_data;
  return {
    first_name: d.first_name ?? base.first_name,
    username: d.username ?? base.username,
    biography: d.biography ?? base.biography,
    external_url: d.external_url ?? base.external_url,
    email: d.email ?? base.email,
    phone_number: d.phone_number ?? base.phone_number,
    gender: normalizeGender(d.gender),
    custom_gender: d.custom_gender ?? base.custom_gender,
    chaining_enabled: d.chaining_enabled ?? base.chaining_enabled,
  };
}

/**
 * `/accounts/edit/` (spec 001): the picture row and the profile form. Success: a toast. Failure:
 * each field's error under it and a toast with the first server error, else a fallback (R-001-settings-14);
 * a save refused as spam shows the server's feedback as a dialog (R-001-settings-12).
 */
export function EditProfilePage() {
  const t = useT();
  useDocumentTitle(t('account.edit.title'));
  const { showToast } = useToast();
  const { refresh } = useSession();
  const client = useQueryClient();
  const query = useEditProfile();
  const [values, setValues] = useState<ProfileFormData | null>(null);
  const [savedEmail, setSavedEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [spam, setSpam] = useState<SpamFeedback | null>(null);

  // The form starts from the server's values once; later refetches must not wipe the viewer's edits.
  useEffect(() => {
    if (query.data && !values) {
      const form = formOf(query.data);
      setValues(form);
      setSavedEmail(form.email);
    }
  }, [query.data, values]);

  const save = async (form: ProfileFormData, fromEmail: string, currentPassword: string) => {
    setBusy(true);
    try {
      await saveProfile(client, profileFormFields(form, fromEmail, currentPassword), form);
      setErrors({});
      setSavedEmail(form.email);
      setPassword('');
      showToast({ text: t('account.edit.saved') });
      // A new name or username shows in the nav and on the home card.
      void refresh().catch(() => undefined);
    } catch (error) {
      const feedback = spamFeedbackOf(error);
      if (feedback) {
        setSpam(feedback);
        return;
      }
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      const text = firstServerError(error, t('account.edit.error'));
      // A field to correct is the person's to fix; anything else may pass on a second try.
      if (Object.keys(fields).length) showToast({ text });
      else showToast({ text, actionText: t('account.edit.retry'), onAction: () => void save(form, fromEmail, currentPassword) });
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (values) void save(values, savedEmail, password);
  };

  let content;
  if (query.isError && !values)
    content = (
      <div className={settings.state}>
        <p role="alert">{t('account.edit.loadError')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('account.edit.retry')}
        </Button>
      </div>
    );
  else if (!values)
    content = (
      <div className={settings.state}>
        <Spinner size={24} label={t('app.loading')} />
      </div>
    );
  else
    content = (
      <form className={`${settings.form} ${styles.form}`} onSubmit={onSubmit} noValidate>
        <EditProfileFields
          values={values}
          errors={errors}
          onChange={(patch) => setValues({ ...values, ...patch })}
          savedEmail={savedEmail}
          password={password}
          onPasswordChange={setPassword}
          confirmed={{ email: query.data?.form_data.is_email_confirmed, phone: query.data?.form_data.is_phone_confirmed, savedPhone: query.data?.form_data.phone_number }}
        />
        <div className={settings.actions}>
          <Button type="submit" busy={busy}>
            {t('account.edit.submit')}
          </Button>
        </div>
      </form>
    );

  return (
    <SettingsLayout title={t('account.edit.title')}>
      <ConfirmEmailReminder />
      <ProfilePictureRow />
      {content}
      <SpamDialog feedback={spam} onClose={() => setSpam(null)} />
    </SettingsLayout>
  );
}
