import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { StoryAudience } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import { DrawLayer } from './draw-layer';
import { DrawTools } from './draw-tools';
import { FrameItem } from './frame-item';
import { fitOf } from './frame-paint';
import { EditorTools } from './editor-tools';
import { ShareBar, ShareFailure, ShareProgress } from './share-controls';
import { StickerSheet } from './sticker-sheet';
import { FRAME_HEIGHT, FRAME_WIDTH, isStorySharing, type SourceMedia, type StoryCreationState } from './story-reducer';
import { TextPanel } from './text-panel';
import styles from './story-create.module.css';

/** The frame's size in CSS px: the largest 9:16 box inside its area. */
function useFrameSize(areaRef: React.RefObject<HTMLDivElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    const measure = () => {
      const width = Math.floor(Math.min(area.clientWidth, (area.clientHeight * FRAME_WIDTH) / FRAME_HEIGHT));
      setSize({ width, height: Math.floor((width * FRAME_HEIGHT) / FRAME_WIDTH) });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    return () => observer.disconnect();
  }, [areaRef]);
  return size;
}

function Picture({ source }: { source: SourceMedia }) {
  const fit = fitOf(source.width, source.height);
  if (source.kind === 'video') {
    return (
      <>
        {fit === 'contain' ? <div className={styles.fillBlur} aria-hidden="true" /> : null}
        <video className={`${styles.picture} ${fit === 'cover' ? styles.cover : ''}`} src={source.url} autoPlay muted loop playsInline aria-hidden="true" />
      </>
    );
  }
  return (
    <>
      {fit === 'contain' ? <img className={`${styles.picture} ${styles.cover} ${styles.blurred}`} src={source.url} alt="" /> : null}
      <img className={`${styles.picture} ${fit === 'cover' ? styles.cover : ''}`} src={source.url} alt="" />
    </>
  );
}

interface StoryEditorProps {
  state: StoryCreationState;
  onClose: () => void;
  onRetake: () => void;
  onShare: (audience: StoryAudience) => void;
}

/** The 9:16 frame with its tools: text, drawing and stickers; the share buttons below. */
export function StoryEditor({ state, onClose, onRetake, onShare }: StoryEditorProps) {
  const t = useT();
  const areaRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const trashRef = useRef<HTMLDivElement>(null);
  const textButtonRef = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const noteId = useId();
  const size = useFrameSize(areaRef);
  const scale = size.width / FRAME_WIDTH;
  const source = state.source!;
  const video = source.kind === 'video';
  const sharing = isStorySharing(state);
  const editing = state.mode !== 'none';
  const editingText = state.items.find((item) => item.id === state.editingTextId);
  const previousMode = useRef(state.mode);
  // Items keep their place in the page (their order of creation) while their stacking changes:
  // moving an element in the page would lose the pointer that holds it and the focus.
  const created = useRef(new Map<string, number>());
  for (const item of state.items) if (!created.current.has(item.id)) created.current.set(item.id, created.current.size);
  const inPageOrder = [...state.items].sort((a, b) => created.current.get(a.id)! - created.current.get(b.id)!);

  // Back from a tool, the keyboard continues at the tools.
  useEffect(() => {
    if (previousMode.current !== 'none' && state.mode === 'none') textButtonRef.current?.focus();
    previousMode.current = state.mode;
  }, [state.mode]);

  return (
    <div className={styles.editor}>
      <div ref={areaRef} className={styles.frameArea}>
        <div ref={frameRef} className={styles.frame} style={{ width: size.width, height: size.height }} role="group" aria-label={t('storyCreate.frame')}>
          <Picture source={source} />
          <DrawLayer drawing={state.drawing} width={size.width} height={size.height} active={state.mode === 'draw'} />
          {/* The tools come first in the reading order, then the items on the frame. */}
          {!editing && !sharing ? (
            <EditorTools onClose={onClose} onRetake={onRetake} textButtonRef={textButtonRef} video={video} noteId={noteId} />
          ) : null}
          <div className={styles.stage} style={{ transform: `scale(${scale})` }}>
            {inPageOrder.map((item) => (
              <FrameItem
                key={item.id}
                item={item}
                frameRef={frameRef}
                trashRef={trashRef}
                hintId={hintId}
                disabled={editing || sharing}
                hidden={item.id === state.editingTextId}
                overTrash={state.moving?.id === item.id && state.moving.overTrash}
                layer={state.items.indexOf(item) + 1}
                onRemoved={() => textButtonRef.current?.focus()}
              />
            ))}
          </div>
          <p id={hintId} hidden>
            {t('storyCreate.item.hint')}
          </p>

          {state.moving ? (
            <div ref={trashRef} className={`${styles.trash} ${state.moving.overTrash ? styles.trashOver : ''}`} aria-live="polite">
              <Icon name="close" size={22} />
              <span className="visually-hidden">{state.moving.overTrash ? t('storyCreate.trash.over') : t('storyCreate.trash')}</span>
            </div>
          ) : null}

          {video && !editing ? (
            <p id={noteId} className={styles.videoNote}>
              {t('storyCreate.videoNote')}
            </p>
          ) : null}

          {state.mode === 'text' && editingText?.kind === 'text' ? <TextPanel item={editingText} scale={scale} /> : null}
          {state.mode === 'draw' ? <DrawTools state={state} /> : null}
          {state.mode === 'stickers' ? <StickerSheet state={state} /> : null}

          {sharing ? <ShareProgress share={state.share} /> : null}
          {state.share.status === 'failed' ? <ShareFailure share={state.share} onShare={onShare} /> : null}
        </div>
      </div>
      <ShareBar disabled={editing || sharing} onShare={onShare} />
    </div>
  );
}
