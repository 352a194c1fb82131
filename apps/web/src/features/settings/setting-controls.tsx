import { useId } from 'react';
import { Switch } from '../../ui/switch';
import type { SettingView } from './setting-change';
import styles from './settings-pages.module.css';

/** A switch row: the setting's name and help, and its switch (loading while its save runs). */
export function SwitchRow({ label, help, view, onToggle }: { label: string; help?: string; view: SettingView<boolean>; onToggle: (next: boolean) => void }) {
  const id = useId();
  return (
    <div className={styles.row}>
      <div className={styles.rowText}>
        <span id={`${id}-label`} className={styles.label}>
          {label}
        </span>
        {help ? (
          <p id={`${id}-help`} className={styles.help}>
            {help}
          </p>
        ) : null}
      </div>
      <Switch checked={view.value} labelledBy={`${id}-label`} describedBy={help ? `${id}-help` : undefined} busy={view.status === 'loading'} onToggle={onToggle} />
    </div>
  );
}

/** A group of choices (radio buttons), named by its legend; the arrow keys move between them. */
export function ChoiceGroup<V extends string>({ legend, help, name, options, view, onChange }: {
  legend: string;
  help?: string;
  name: string;
  options: { value: V; label: string }[];
  view: SettingView<V>;
  onChange: (next: V) => void;
}) {
  const id = useId();
  return (
    <fieldset className={styles.group} aria-describedby={help ? `${id}-help` : undefined} aria-busy={view.status === 'loading' || undefined}>
      <legend className={styles.label}>{legend}</legend>
      {help ? (
        <p id={`${id}-help`} className={styles.help}>
          {help}
        </p>
      ) : null}
      <div className={styles.choices}>
        {options.map((option) => (
          <label key={option.value} className={styles.choice}>
            <input
              type="radio"
              name={`${name}-${id}`}
              value={option.value}
              checked={view.value === option.value}
              onChange={() => {
                if (view.status !== 'loading') onChange(option.value);
              }}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
