import { useId, useState, type DragEvent } from 'react';
import { MAX_PHOTO_MB, MAX_VIDEO_MB, MAX_VIDEO_MINUTES, SIDECAR_MAX_ITEMS } from '@shutter/contract';
import { useT, type MessageId } from '../../lib/i18n/i18n';
import { Spinner } from '../../ui/spinner';
import type { NewItem } from './creation-reducer';
import { dispatchCreation } from './creation-store';
import { FlowIcon } from './flow-icon';
import { checkFiles, type FileProblem } from './media-files';
import { decodeMedia } from './media-load';
import { makeUploadId } from './share-request';
import styles from './choose.module.css';

const PROBLEM_TEXT: Record<FileProblem, { id: MessageId; max?: number }> = {
  type: { id: 'create.problem.type' },
  photoSize: { id: 'create.problem.photoSize', max: MAX_PHOTO_MB },
  videoSize: { id: 'create.problem.videoSize', max: MAX_VIDEO_MB },
  tooMany: { id: 'create.problem.tooMany', max: SIDECAR_MAX_ITEMS },
  pixels: { id: 'create.problem.pixels' },
  duration: { id: 'create.problem.duration', max: MAX_VIDEO_MINUTES },
  unreadable: { id: 'create.problem.unreadable' },
};

/** Step 1: a drop zone and a file picker. Files are checked, then decoded, then the session moves on. */
export function ChooseStep() {
  const t = useT();
  const inputId = useId();
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  async function take(list: FileList | null) {
    if (!list || list.length === 0 || reading) return;
    const { accepted, refused } = checkFiles([...list]);
    const messages = refused.map((r) => ({ name: r.name, problem: r.problem }));
    setReading(true);
    const items: NewItem[] = [];
    for (const { file, kind } of accepted) {
      const decoded = await decodeMedia(file, kind);
      if (!decoded.ok) {
        messages.push({ name: file.name, problem: decoded.problem });
        continue;
      }
      const source = { file, name: file.name, url: decoded.url, width: decoded.width, height: decoded.height };
      items.push({ key: makeUploadId(), kind, source, baseUploadId: makeUploadId() });
    }
    setReading(false);
    setProblems(messages.map(({ name, problem }) => t(PROBLEM_TEXT[problem].id, { name, max: PROBLEM_TEXT[problem].max ?? '' })));
    if (items.length === 0) return;
    // Choosing and cropping share /create/style/: the session's new phase swaps the screen.
    dispatchCreation({ type: 'processed', items });
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files);
  };

  return (
    <div
      className={`${styles.dropZone} ${dragging ? styles.dragging : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <FlowIcon name="media" size={72} />
      <p className={styles.prompt}>{dragging ? t('create.choose.drop') : t('create.choose.prompt')}</p>
      <p className={styles.hint}>{t('create.choose.hint', { max: SIDECAR_MAX_ITEMS, photoMb: MAX_PHOTO_MB, videoMb: MAX_VIDEO_MB, minutes: MAX_VIDEO_MINUTES })}</p>
      {/* The visible label is the button; the input stays focusable (visually hidden) for keyboards. */}
      <input
        id={inputId}
        className={`visually-hidden ${styles.fileInput}`}
        type="file"
        accept="image/*,video/*"
        multiple
        disabled={reading}
        onChange={(event) => {
          void take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      <label htmlFor={inputId} className={styles.pickButton} aria-disabled={reading || undefined}>
        {t('create.choose.button')}
      </label>
      {reading ? <Spinner label={t('create.choose.reading')} size={24} /> : null}
      {problems.length ? (
        <div className={styles.problems} role="alert">
          <p className={styles.problemsTitle}>{t('create.choose.refused')}</p>
          <ul>
            {problems.map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
