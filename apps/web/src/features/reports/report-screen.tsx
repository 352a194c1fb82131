import { useId, useState, type ReactNode } from 'react';
import { FRX_BUTTON_ACTION, FRX_SCREEN, FRX_TAG_STYLE, type FrxPromptButton, type FrxScreen, type FrxTag } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import type { FollowUpAction } from '../../state/queries/reports';
import type { FollowUp, ReportOwner } from './report-flow-reducer';
import styles from './report-dialog.module.css';

/** What the person did on a screen; the dialog turns it into the next request or step. */
export type ScreenChoice =
  | { kind: 'tag'; tagType: string }
  | { kind: 'victim'; victim: string }
  | { kind: 'continue' }
  | { kind: 'back' }
  | { kind: 'close' }
  | { kind: 'followUp'; action: FollowUpAction };

interface ScreenProps {
  screen: FrxScreen;
  owner: ReportOwner;
  busy: boolean;
  followUp: FollowUp | null;
  onChoose: (choice: ScreenChoice) => void;
}

function Heading({ screen }: { screen: FrxScreen }) {
  return (
    <div className={styles.heading}>
      <h3 className={styles.title}>{screen.title}</h3>
      {screen.subtitle ? <p className={styles.subtitle}>{screen.subtitle}</p> : null}
    </div>
  );
}

/** Rows with a chevron: each opens what comes next (style list, and the victims). */
function Rows({ items, busy, onPick }: { items: FrxTag[]; busy: boolean; onPick: (tag: FrxTag) => void }) {
  return (
    <ul className={styles.rows}>
      {items.map((tag) => (
        <li key={tag.tag_type}>
          <button type="button" className={styles.row} disabled={busy} onClick={() => onPick(tag)}>
            <span className={styles.rowText}>
              <span>{tag.tag_text}</span>
              {tag.tag_subtext ? <span className={styles.rowSubtext}>{tag.tag_subtext}</span> : null}
            </span>
            <Icon name="chevronRight" size={18} className={styles.chevron} />
          </button>
        </li>
      ))}
    </ul>
  );
}

function Chips({ items, busy, onPick }: { items: FrxTag[]; busy: boolean; onPick: (tag: FrxTag) => void }) {
  return (
    <ul className={styles.chips}>
      {items.map((tag) => (
        <li key={tag.tag_type}>
          <button type="button" className={styles.chip} disabled={busy} onClick={() => onPick(tag)} title={tag.tag_subtext}>
            {tag.tag_text}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Radio buttons: a choice is made first, then sent with Submit. */
function Radios({ screen, busy, onChoose }: { screen: FrxScreen; busy: boolean; onChoose: (choice: ScreenChoice) => void }) {
  const t = useT();
  const name = useId();
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <form
      className={styles.radioForm}
      onSubmit={(event) => {
        event.preventDefault();
        if (picked) onChoose({ kind: 'tag', tagType: picked });
      }}
    >
      <fieldset className={styles.radios} disabled={busy}>
        <legend className="visually-hidden">{screen.title}</legend>
        {(screen.tags ?? []).map((tag) => (
          <label key={tag.tag_type} className={styles.radio}>
            <span className={styles.rowText}>
              <span>{tag.tag_text}</span>
              {tag.tag_subtext ? <span className={styles.rowSubtext}>{tag.tag_subtext}</span> : null}
            </span>
            <input type="radio" name={name} value={tag.tag_type} checked={picked === tag.tag_type} onChange={() => setPicked(tag.tag_type)} />
          </label>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" block disabled={!picked || busy}>
          {t('reports.submit')}
        </Button>
      </div>
    </form>
  );
}

function TagSelection({ screen, busy, onChoose }: ScreenProps) {
  const pick = (tag: FrxTag) => onChoose({ kind: 'tag', tagType: tag.tag_type });
  const tags = screen.tags ?? [];
  switch (screen.tag_style ?? FRX_TAG_STYLE.list) {
    case FRX_TAG_STYLE.tags:
      return <Chips items={tags} busy={busy} onPick={pick} />;
    case FRX_TAG_STYLE.radioButtons:
      return <Radios key={screen.context} screen={screen} busy={busy} onChoose={onChoose} />;
    default:
      return <Rows items={tags} busy={busy} onPick={pick} />;
  }
}

/** A service button: a help page opens in a new tab; the others move the flow. */
function PromptButton({ button, busy, onChoose, primary }: { button: FrxPromptButton; busy: boolean; onChoose: (choice: ScreenChoice) => void; primary?: boolean }) {
  const t = useT();
  if (button.action === FRX_BUTTON_ACTION.redirect) {
    if (!button.url) return null;
    return (
      <a className={styles.linkButton} href={button.url} target="_blank" rel="noopener noreferrer" aria-label={t('reports.learnMore', { text: button.text })}>
        {button.text}
      </a>
    );
  }
  const choice: ScreenChoice = button.action === FRX_BUTTON_ACTION.affirmative ? { kind: 'continue' } : button.action === FRX_BUTTON_ACTION.back ? { kind: 'back' } : { kind: 'close' };
  return (
    <Button variant={primary ? 'primary' : 'secondary'} block disabled={busy} onClick={() => onChoose(choice)}>
      {button.text}
    </Button>
  );
}

/**
 * The service's buttons of a screen. Back is left out: the dialog's header has it whenever there is
 * a screen to go back to.
 */
function ScreenButtons({ screen, busy, onChoose, needsContinue }: { screen: FrxScreen; busy: boolean; onChoose: (choice: ScreenChoice) => void; needsContinue?: boolean }) {
  const t = useT();
  const buttons = (screen.buttons ?? []).filter((button) => button.action !== FRX_BUTTON_ACTION.back);
  const hasContinue = buttons.some((button) => button.action === FRX_BUTTON_ACTION.affirmative);
  if (buttons.length === 0 && !needsContinue) return null;
  return (
    <div className={styles.actions}>
      {buttons.map((button, i) => (
        <PromptButton key={i} button={button} busy={busy} onChoose={onChoose} primary={button.action === FRX_BUTTON_ACTION.affirmative} />
      ))}
      {needsContinue && !hasContinue ? (
        <Button block disabled={busy} onClick={() => onChoose({ kind: 'continue' })}>
          {t('reports.next')}
        </Button>
      ) : null}
    </div>
  );
}

function PolicyEducation({ screen, busy, onChoose }: ScreenProps) {
  return (
    <>
      <div className={styles.policy}>
        {(screen.body ?? []).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      <ScreenButtons screen={screen} busy={busy} onChoose={onChoose} needsContinue />
    </>
  );
}

const isFollowUp = (action: FrxPromptButton['guided_action']): action is FollowUpAction => action === 'unfollow' || action === 'block';

function Confirmation({ screen, owner, followUp, onChoose }: ScreenProps) {
  const t = useT();
  const buttons = screen.buttons ?? [];
  const done = followUp?.status === 'done';
  const hasClose = buttons.some((button) => button.action === FRX_BUTTON_ACTION.negative);
  const vars = { username: owner.username };
  let status: ReactNode = null;
  if (followUp?.status === 'done') status = <p className={styles.done} role="status">{t(followUp.action === 'block' ? 'reports.blocked' : 'reports.unfollowed', vars)}</p>;
  if (followUp?.status === 'failed') status = <p className={styles.error} role="alert">{t(followUp.action === 'block' ? 'reports.blockFailed' : 'reports.unfollowFailed', vars)}</p>;
  return (
    <>
      {status}
      <div className={styles.actions}>
        {buttons.map((button, i) => {
          if (button.action === FRX_BUTTON_ACTION.affirmative && button.guided_action) {
            const action = button.guided_action;
            if (!isFollowUp(action) || done) return null;
            const running = followUp?.status === 'pending' && followUp.action === action;
            return (
              <Button key={i} variant={action === 'block' ? 'danger' : 'secondary'} block busy={running} disabled={followUp?.status === 'pending'} onClick={() => onChoose({ kind: 'followUp', action })}>
                {button.text}
              </Button>
            );
          }
          return <PromptButton key={i} button={button} busy={false} onChoose={onChoose} primary={button.action === FRX_BUTTON_ACTION.negative} />;
        })}
        {hasClose ? null : (
          <Button block onClick={() => onChoose({ kind: 'close' })}>
            {t('reports.close')}
          </Button>
        )}
      </div>
    </>
  );
}

/** One screen the service sent, drawn by its type (R-001-reporting-1). */
export function ReportScreen(props: ScreenProps) {
  const { screen } = props;
  let body: ReactNode = null;
  switch (screen.screen_type) {
    case FRX_SCREEN.tagSelection:
      body = (
        <>
          <TagSelection {...props} />
          <ScreenButtons screen={screen} busy={props.busy} onChoose={props.onChoose} />
        </>
      );
      break;
    case FRX_SCREEN.policyEducation:
      body = <PolicyEducation {...props} />;
      break;
    case FRX_SCREEN.selectVictim:
      body = (
        <>
          <Rows items={screen.victims ?? []} busy={props.busy} onPick={(tag) => props.onChoose({ kind: 'victim', victim: tag.tag_type })} />
          <ScreenButtons screen={screen} busy={props.busy} onChoose={props.onChoose} />
        </>
      );
      break;
    case FRX_SCREEN.confirmation:
      body = <Confirmation {...props} />;
      break;
  }
  return (
    <section className={styles.screen} aria-label={screen.title}>
      {screen.screen_type === FRX_SCREEN.confirmation ? (
        <span className={styles.doneIcon} aria-hidden="true">
          <Icon name="check" size={28} />
        </span>
      ) : null}
      <Heading screen={screen} />
      {body}
    </section>
  );
}
