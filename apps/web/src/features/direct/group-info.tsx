import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DIRECT_GROUP_MAX_MEMBERS, DIRECT_TITLE_MAX_LENGTH, type DirectUserResult } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { ConfirmDialog, Modal } from '../../ui/modal';
import { MenuItemButton, PopupMenu } from '../../ui/popup-menu';
import type { ThreadState } from './direct-types';
import { PeoplePicker, type Recipient } from './people-picker';
import { useDirect, useDirectActions } from './use-direct';
import buttons from '../../ui/icon-button.module.css';
import styles from './info.module.css';

function Toggle({ label, hint, checked, onChange }: { label: string; hint?: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className={styles.toggleRow}>
      <label htmlFor={id} className={styles.toggleLabel}>
        {label}
        {hint ? <span className={styles.hint}>{hint}</span> : null}
      </label>
      <input id={id} type="checkbox" role="switch" className={styles.switch} checked={checked} onChange={(event) => onChange(event.target.checked)} />
    </div>
  );
}

function RenameForm({ thread }: { thread: ThreadState }) {
  const t = useT();
  const actions = useDirectActions();
  const id = useId();
  const [title, setTitle] = useState(thread.named ? thread.thread_title : '');
  const trimmed = title.trim();
  const unchanged = trimmed === (thread.named ? thread.thread_title : '');
  return (
    <form
      className={styles.rename}
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed && !unchanged) void actions.rename(thread.thread_id, trimmed);
      }}
    >
      <label htmlFor={id} className={styles.sectionLabel}>
        {t('direct.info.groupName')}
      </label>
      <div className={styles.renameRow}>
        <input id={id} className={styles.input} value={title} maxLength={DIRECT_TITLE_MAX_LENGTH} placeholder={thread.thread_title} onChange={(event) => setTitle(event.target.value)} />
        <Button type="submit" variant="secondary" disabled={!trimmed || unchanged}>
          {t('direct.info.saveName')}
        </Button>
      </div>
    </form>
  );
}

function MemberRow({ thread, user, viewerIsAdmin }: { thread: ThreadState; user: DirectUserResult; viewerIsAdmin: boolean }) {
  const t = useT();
  const actions = useDirectActions();
  const isAdmin = thread.admin_user_ids.includes(user.pk);
  return (
    <li className={styles.member}>
      <Link to={`/${user.username}/`} className={styles.memberLink}>
        <Avatar src={user.profile_pic_url} alt="" size={44} />
        <span className={styles.memberNames}>
          <span className={styles.username}>{user.username}</span>
          <span className={styles.fullName}>{isAdmin ? t('direct.info.admin') : user.full_name}</span>
        </span>
      </Link>
      {viewerIsAdmin && thread.is_group ? (
        <PopupMenu label={t('direct.info.memberMenu', { name: user.username })} buttonClassName={buttons.iconButton}>
          {(close) => (
            <>
              <MenuItemButton
                onSelect={() => {
                  close(true);
                  void actions.admin(thread.thread_id, isAdmin ? 'remove_admins' : 'add_admins', user.pk);
                }}
              >
                {isAdmin ? t('direct.info.removeAdmin') : t('direct.info.makeAdmin')}
              </MenuItemButton>
              <MenuItemButton
                danger
                onSelect={() => {
                  close(false);
                  void actions.admin(thread.thread_id, 'remove_users', user.pk);
                }}
              >
                {t('direct.info.removeFromGroup')}
              </MenuItemButton>
            </>
          )}
        </PopupMenu>
      ) : null}
    </li>
  );
}

function AddPeople({ thread, onClose }: { thread: ThreadState; onClose: () => void }) {
  const t = useT();
  const actions = useDirectActions();
  const [selected, setSelected] = useState<Recipient[]>([]);
  const [busy, setBusy] = useState(false);
  const members = [...thread.users.map((user) => user.pk), thread.viewer_id];
  return (
    <Modal open onClose={onClose} title={t('direct.info.addPeople')} size="md">
      <PeoplePicker mode="raven" selected={selected} onChange={setSelected} exclude={members} max={DIRECT_GROUP_MAX_MEMBERS - members.length} />
      <div className={styles.modalFooter}>
        <Button
          block
          busy={busy}
          disabled={selected.length === 0}
          onClick={() => {
            setBusy(true);
            const ids = selected.flatMap((recipient) => (recipient.kind === 'user' ? [recipient.user.pk] : []));
            void actions.addUsers(thread.thread_id, ids).then((ok) => {
              setBusy(false);
              if (ok) onClose();
            });
          }}
        >
          {t('direct.info.add')}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * A thread's details: mute, and for a group its name (R-002-direct-27), approval to join
 * (R-002-direct-21), its members with what admins may do (R-002-direct-20), adding people, and
 * leaving; any thread can be deleted from the inbox (R-002-direct-19 then goes there).
 */
export function GroupInfo({ thread, level }: { thread: ThreadState; level: 2 | 3 }) {
  const t = useT();
  const actions = useDirectActions();
  const viewerId = useDirect((state) => state.viewerId) ?? '';
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<'leave' | 'hide' | null>(null);
  const [busy, setBusy] = useState(false);
  const viewerIsAdmin = thread.admin_user_ids.includes(viewerId);
  const Heading = level === 2 ? 'h2' : 'h3';
  const SubHeading = level === 2 ? 'h3' : 'h4';
  const remove = (command: 'leave' | 'hide') => {
    setBusy(true);
    void actions.remove(thread.thread_id, command).then((ok) => {
      setBusy(false);
      if (!ok) setConfirm(null);
    });
  };
  return (
    <div className={styles.info}>
      <Heading className="visually-hidden">{t('direct.info.title')}</Heading>
      <div className={styles.section}>
        <Toggle label={t('direct.info.mute')} checked={thread.muted} onChange={(muted) => void actions.setMuted(thread.thread_id, muted)} />
      </div>
      {thread.is_group ? (
        <div className={styles.section}>
          <RenameForm key={thread.thread_title} thread={thread} />
          {viewerIsAdmin ? (
            <Toggle
              label={t('direct.info.approval')}
              hint={t('direct.info.approvalHint')}
              checked={thread.approval_required_for_new_members}
              onChange={(required) => void actions.setApprovalRequired(thread.thread_id, required)}
            />
          ) : null}
          {viewerIsAdmin && thread.pending_user_ids.length > 0 ? <p className={styles.hint}>{t('direct.info.waiting', { count: thread.pending_user_ids.length })}</p> : null}
        </div>
      ) : null}
      <div className={styles.section}>
        <div className={styles.membersHeader}>
          <SubHeading className={styles.sectionLabel}>{t('direct.info.members')}</SubHeading>
          {thread.is_group ? (
            <Button variant="link" onClick={() => setAdding(true)}>
              {t('direct.info.addPeople')}
            </Button>
          ) : null}
        </div>
        <ul className={styles.members}>
          {thread.users.map((user) => (
            <MemberRow key={user.pk} thread={thread} user={user} viewerIsAdmin={viewerIsAdmin} />
          ))}
        </ul>
      </div>
      <div className={styles.dangerZone}>
        {thread.is_group ? (
          <button type="button" className={styles.dangerButton} onClick={() => setConfirm('leave')}>
            {t('direct.info.leave')}
          </button>
        ) : null}
        <button type="button" className={styles.dangerButton} onClick={() => setConfirm('hide')}>
          {t('direct.info.delete')}
        </button>
      </div>
      {adding ? <AddPeople thread={thread} onClose={() => setAdding(false)} /> : null}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'leave' ? t('direct.info.leaveTitle') : t('direct.info.deleteTitle')}
        body={confirm === 'leave' ? t('direct.info.leaveBody') : t('direct.info.deleteBody')}
        confirmText={confirm === 'leave' ? t('direct.info.leave') : t('direct.info.delete')}
        cancelText={t('direct.cancel')}
        busy={busy}
        onConfirm={() => confirm && remove(confirm)}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}
