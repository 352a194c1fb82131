import { useId, useState } from 'react';
import { useToast } from '../../state/toast/toast-context';
import { firstServerError } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { saveGender } from '../../state/queries/settings';
import { CUSTOM_GENDER, GENDERS, normalizeGender, type Gender } from './edit-profile-form';
import styles from './edit-profile.module.css';

interface GenderValue {
  gender: Gender;
  custom_gender: string;
}

/**
 * The gender field: its current value on a button that opens the choices. Done closes the dialog
 * and saves the choice on its own (spec 002 `setGender`), showing it at once; a failure puts the
 * saved value back and shows a toast with the server's message, else a default, whose Retry
 * saves the same choice again.
 */
export function GenderField({ value, onSaved }: { value: GenderValue; onSaved: (value: GenderValue) => void }) {
  const t = useT();
  const id = useId();
  const { showToast } = useToast();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<GenderValue | null>(null);
  const current = shown ?? value;
  const label = current.gender === CUSTOM_GENDER && current.custom_gender ? current.custom_gender : t(`account.edit.gender${current.gender}`);

  const save = async (choice: GenderValue) => {
    setShown(choice);
    try {
      const saved = await saveGender(choice.gender, choice.custom_gender);
      onSaved({ gender: normalizeGender(saved.gender), custom_gender: saved.custom_gender });
    } catch (failure) {
      showToast({ text: firstServerError(failure, t('account.edit.genderError')), actionText: t('account.edit.retry'), onAction: () => void save(choice) });
    } finally {
      setShown(null);
    }
  };

  return (
    <div className={styles.block}>
      <span id={`${id}-label`} className={styles.label}>
        {t('account.edit.gender')}
      </span>
      <button type="button" className={`${styles.select} ${styles.genderButton}`} aria-labelledby={`${id}-label ${id}-value`} aria-haspopup="dialog" aria-busy={shown ? true : undefined} onClick={() => setOpen(true)}>
        <span id={`${id}-value`}>{label}</span>
      </button>
      {open ? (
        <GenderDialog
          initial={current}
          onClose={() => setOpen(false)}
          onDone={(choice) => {
            setOpen(false);
            void save(choice);
          }}
        />
      ) : null}
    </div>
  );
}

function GenderDialog({ initial, onClose, onDone }: { initial: GenderValue; onClose: () => void; onDone: (value: GenderValue) => void }) {
  const t = useT();
  const [choice, setChoice] = useState<Gender>(initial.gender);
  const [custom, setCustom] = useState(initial.custom_gender);
  const [missing, setMissing] = useState(false);
  const done = () => {
    const words = custom.trim();
    if (choice === CUSTOM_GENDER && !words) return setMissing(true);
    onDone({ gender: choice, custom_gender: choice === CUSTOM_GENDER ? words : '' });
  };
  return (
    <Modal open onClose={onClose} title={t('account.edit.gender')}>
      {/* Not a form: the field sits inside the profile form, and forms do not nest. */}
      <div className={styles.genderForm}>
        <fieldset className={styles.genderChoices}>
          <legend className="visually-hidden">{t('account.edit.gender')}</legend>
          {GENDERS.map((code) => (
            <label key={code} className={styles.genderChoice}>
              <input type="radio" name="gender-choice" value={code} checked={choice === code} onChange={() => setChoice(code)} />
              {t(`account.edit.gender${code}`)}
            </label>
          ))}
        </fieldset>
        {choice === CUSTOM_GENDER ? (
          <TextField
            label={t('account.edit.customGender')}
            name="custom_gender_choice"
            value={custom}
            error={missing ? t('account.edit.customGenderEmpty') : undefined}
            onChange={(event) => {
              setCustom(event.target.value);
              setMissing(false);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              done();
            }}
          />
        ) : null}
        <Button block onClick={done}>
          {t('account.edit.genderDone')}
        </Button>
      </div>
    </Modal>
  );
}
