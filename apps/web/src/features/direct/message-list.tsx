import { useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { dateTimeFormat } from '../../lib/formatters';
import { useI18n, useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { MenuItemButton, PopupMenu } from '../../ui/popup-menu';
import type { ThreadState } from './direct-types';
import { directStore } from './direct-store';
import { ItemBody } from './item-body';
import { messageRows, type MessageRow } from './message-rows';
import { itemKey } from './thread-items';
import { useDirect, useDirectActions } from './use-direct';
import { ReportDialogHost, ReportMenuItem, useCanReport, type ReportTarget } from '../reports/report-entry';
import styles from './thread.module.css';

const NO_TYPING: Record<string, unknown> = {};

function TimeRow({ timestamp }: { timestamp: number }) {
  const { locale } = useI18n();
  const date = new Date(timestamp);
  const today = new Date().toDateString() === date.toDateString();
  const text = dateTimeFormat(locale, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  return (
    <li className={styles.timeRow}>
      <time dateTime={date.toISOString()}>{text}</time>
    </li>
  );
}

/** Our choice: how long a finger rests on a bubble before its options show. */
export const LONG_PRESS_MS = 400;
/** A finger that moves this far (px) scrolls rather than presses. */
const PRESS_SLOP = 10;

/**
 * A bubble pressed on a touch screen (a tap, or a finger held on it) calls `onPress`; a mouse does
 * not (hover shows the options there), nor does a finger that scrolls the list.
 */
function usePress(onPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef({ x: 0, y: 0 });
  const touch = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, []);
  return {
    onPointerDown(event: PointerEvent) {
      touch.current = event.pointerType !== 'mouse';
      cancel();
      if (!touch.current) return;
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        onPress();
      }, LONG_PRESS_MS);
    },
    onPointerMove(event: PointerEvent) {
      if (timer.current && Math.hypot(event.clientX - start.current.x, event.clientY - start.current.y) > PRESS_SLOP) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onClick() {
      if (touch.current) onPress();
    },
  };
}

function MessageRowView({ row, thread, pressed, onPress }: { row: Extract<MessageRow, { kind: 'message' }>; thread: ThreadState; pressed: boolean; onPress: (key: string) => void }) {
  const t = useT();
  const actions = useDirectActions();
  const viewerId = useDirect((state) => state.viewerId) ?? '';
  const { item, own, sender } = row;
  const liked = item.reactions.likes.some((like) => like.sender_id === viewerId);
  const canAct = !item.send && !thread.pending;
  const toggleLike = () => {
    if (canAct) void actions.setLiked(thread.thread_id, item.item_id, !liked);
  };
  const press = usePress(() => onPress(row.key));
  const canReport = useCanReport('direct_message', own ? undefined : sender?.id);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const likes = item.reactions.likes_count;
  const classes = [
    styles.messageRow,
    own ? styles.own : styles.theirs,
    row.firstOfRun ? styles.firstOfRun : '',
    row.lastOfRun ? styles.lastOfRun : '',
    item.send ? styles.pending : '',
    pressed && canAct ? styles.pressed : '',
  ].join(' ');
  return (
    <li className={classes}>
      {thread.is_group && !own && row.firstOfRun && sender ? <span className={styles.senderName}>{sender.username}</span> : null}
      <div className={styles.messageLine}>
        {!own ? (
          <span className={styles.senderAvatar}>
            {row.lastOfRun && sender ? (
              <Link to={`/${sender.username}/`} tabIndex={-1} aria-hidden="true">
                <Avatar src={sender.profile_pic_url} alt="" size={24} />
              </Link>
            ) : null}
          </span>
        ) : null}
        {/* Double-click (a double tap on a phone) likes, as the menu's Like does for keyboards. A tap or
            a long press on a touch screen shows its options, as hover and focus do elsewhere. */}
        <div className={styles.content} onDoubleClick={toggleLike} {...(canAct ? press : {})}>
          <span className="visually-hidden">{own ? t('direct.you') : (sender?.username ?? '')}: </span>
          <ItemBody item={item} own={own} senderName={own ? null : (sender?.username ?? null)} />
          {likes > 0 ? (
            <span className={styles.reactions} role="img" aria-label={liked && likes === 1 ? t('direct.likedByYou') : likes === 1 ? t('direct.likedOne') : t('direct.likes', { count: likes })}>
              ❤️{likes > 1 ? ` ${likes}` : ''}
            </span>
          ) : null}
        </div>
        {canAct ? (
          <div className={styles.messageMenu}>
            <PopupMenu label={t('direct.messageMenu')} buttonClassName={styles.menuButton} placement="up">
              {(close) => (
                <>
                  <MenuItemButton
                    onSelect={() => {
                      close(true);
                      toggleLike();
                    }}
                  >
                    {liked ? t('direct.unlikeMessage') : t('direct.likeMessage')}
                  </MenuItemButton>
                  {canReport && sender ? (
                    <ReportMenuItem
                      onSelect={() => {
                        close(true);
                        setReporting({ objectType: 'direct_message', objectId: item.item_id, owner: sender });
                      }}
                    />
                  ) : null}
                  {own ? (
                    <MenuItemButton
                      danger
                      onSelect={() => {
                        close(false);
                        void actions.unsend(thread.thread_id, item);
                      }}
                    >
                      {t('direct.unsend')}
                    </MenuItemButton>
                  ) : null}
                </>
              )}
            </PopupMenu>
          </div>
        ) : null}
      </div>
      {item.send?.state === 'sending' ? <span className={styles.status}>{t('direct.sending')}</span> : null}
      <ReportDialogHost target={reporting} onClose={() => setReporting(null)} />
    </li>
  );
}

function Row({ row, thread, pressed, onPress }: { row: MessageRow; thread: ThreadState; pressed: boolean; onPress: (key: string) => void }) {
  const t = useT();
  switch (row.kind) {
    case 'time':
      return <TimeRow timestamp={row.timestamp} />;
    case 'log':
      return <li className={styles.logRow}>{row.item.action_log?.description}</li>;
    case 'message':
      return <MessageRowView row={row} thread={thread} pressed={pressed} onPress={onPress} />;
    case 'seen':
      return <li className={styles.seenRow}>{row.names ? t('direct.seenBy', { names: row.names.join(', ') }) : t('direct.seen')}</li>;
    case 'typing':
      return (
        <li className={`${styles.messageRow} ${styles.theirs}`}>
          <div className={styles.messageLine}>
            <span className={styles.senderAvatar}>
              <Avatar src={row.senders[0]?.profile_pic_url} alt="" size={24} />
            </span>
            <p className={`${styles.bubble} ${styles.typingBubble}`}>
              <span className="visually-hidden">{t('direct.typingBy', { name: row.senders.map((user) => user.username).join(', ') })}</span>
              <span aria-hidden="true">{t('direct.typing')}</span>
            </p>
          </div>
        </li>
      );
  }
}

/**
 * The open thread's messages, oldest at the top. It stays at the bottom as messages come while the
 * reader is there, keeps its place when older ones load above, and loads them near the top.
 */
export function MessageList({ thread }: { thread: ThreadState }) {
  const t = useT();
  const viewerId = useDirect((state) => state.viewerId) ?? '';
  const typing = useDirect((state) => state.typing[thread.thread_id]) ?? NO_TYPING;
  const rows = useMemo(() => messageRows(thread, viewerId, Object.keys(typing)), [thread, viewerId, typing]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastHeight = useRef(0);
  const newest = thread.items[0];
  const oldest = thread.items[thread.items.length - 1];
  const newestKey = newest ? itemKey(newest) : '';
  const oldestKey = oldest ? itemKey(oldest) : '';
  const lastRowKey = rows[rows.length - 1]?.key ?? '';
  const previous = useRef({ newestKey, oldestKey });
  const store = directStore();
  const loadOlder = () => void store.loadOlderItems(thread.thread_id);
  // The one bubble pressed on a touch screen; a press anywhere else in the list lets it go.
  const [pressedKey, setPressedKey] = useState<string | null>(null);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const before = previous.current;
    const ownSend = newest?.user_id === viewerId && before.newestKey !== newestKey;
    if (before.newestKey === newestKey && before.oldestKey !== oldestKey) element.scrollTop += element.scrollHeight - lastHeight.current;
    else if (atBottom.current || ownSend) element.scrollTop = element.scrollHeight;
    previous.current = { newestKey, oldestKey };
    lastHeight.current = element.scrollHeight;
  }, [newestKey, oldestKey, lastRowKey, newest, viewerId]);

  return (
    <div
      ref={scrollRef}
      className={styles.scroll}
      role="log"
      aria-label={t('direct.thread.messages')}
      tabIndex={0}
      onPointerDown={(event) => {
        if (pressedKey !== null && !(event.target instanceof Element && event.target.closest(`.${styles.content}, .${styles.messageMenu}`))) setPressedKey(null);
      }}
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
        lastHeight.current = element.scrollHeight;
        if (element.scrollTop < 300 && thread.has_older && !thread.loadingOlder) loadOlder();
      }}
    >
      {thread.has_older ? (
        <div className={styles.older}>
          <Button variant="secondary" busy={thread.loadingOlder} onClick={loadOlder}>
            {t('direct.thread.loadOlder')}
          </Button>
        </div>
      ) : (
        <p className={styles.start}>{t('direct.thread.start')}</p>
      )}
      <ol className={styles.messages}>
        {rows.map((row) => (
          <Row key={row.key} row={row} thread={thread} pressed={row.key === pressedKey} onPress={setPressedKey} />
        ))}
      </ol>
    </div>
  );
}
