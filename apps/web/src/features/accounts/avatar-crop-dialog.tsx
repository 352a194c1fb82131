import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useI18n, useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { arrowMove, useDragPan } from '../../ui/drag-pan';
import { Icon } from '../../ui/icon';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import {
  AVATAR_QUALITY,
  MAX_AVATAR_ZOOM,
  MIN_AVATAR_ZOOM,
  avatarFileName,
  avatarOutputSide,
  avatarPlacement,
  avatarSquare,
  avatarZoom,
  initialAvatarCrop,
  moveAvatar,
  pixelsPerScreenPixel,
  zoomAvatar,
  type AvatarCrop,
  type Size,
} from './avatar-crop';
import styles from './avatar-crop.module.css';

/** Share of the circle's width one arrow key press moves the photo. */
const KEY_STEP = 0.05;
/** Zoom factor of one + or - key press. */
const KEY_ZOOM = 1.1;
/** Zoom factor per pixel of wheel movement. */
const WHEEL_ZOOM = 0.002;

type Decoded = { status: 'loading' } | { status: 'ready'; image: HTMLImageElement; url: string; size: Size } | { status: 'unreadable' };

/** Decodes the chosen file from an object URL, revoked when the dialog closes. */
function useDecodedImage(file: File): Decoded {
  const [decoded, setDecoded] = useState<Decoded>({ status: 'loading' });
  useEffect(() => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    let live = true;
    image.src = url;
    image.decode().then(
      () => {
        if (!live) return;
        const size = { width: image.naturalWidth, height: image.naturalHeight };
        setDecoded(size.width && size.height ? { status: 'ready', image, url, size } : { status: 'unreadable' });
      },
      () => live && setDecoded({ status: 'unreadable' }),
    );
    return () => {
      live = false;
      URL.revokeObjectURL(url);
    };
  }, [file]);
  return decoded;
}

/** The chosen square as a JPEG: 640 px, or the picture's short side when smaller. */
function renderAvatar(image: HTMLImageElement, crop: AvatarCrop, size: Size): Promise<Blob> {
  const square = avatarSquare(crop, size);
  const side = avatarOutputSide(size);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('no canvas'));
  // A transparent PNG would turn black in a JPEG.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, side, side);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, square.x, square.y, square.side, square.side, 0, 0, side, side);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('export failed'))), 'image/jpeg', AVATAR_QUALITY);
  });
}

interface AvatarCropDialogProps {
  file: File;
  onCancel: () => void;
  /** The cropped JPEG, ready to upload. */
  onApply: (file: File) => void;
}

/** "Crop profile photo": the chosen picture under a round window; drag, zoom, then Apply or Cancel. */
export function AvatarCropDialog({ file, onCancel, onApply }: AvatarCropDialogProps) {
  const t = useT();
  const decoded = useDecodedImage(file);

  return (
    <Modal open onClose={onCancel} title={t('account.crop.title')} size="md">
      {decoded.status === 'ready' ? (
        <CropEditor image={decoded.image} url={decoded.url} size={decoded.size} fileName={file.name} onCancel={onCancel} onApply={onApply} />
      ) : (
        <div className={styles.editor}>
          <div className={styles.stage}>
            {decoded.status === 'loading' ? (
              <Spinner size={28} label={t('account.crop.loading')} className={styles.spinner} />
            ) : (
              <div className={styles.problem}>
                <Icon name="alert" size={32} />
                <p role="alert">{t('account.crop.unreadable')}</p>
              </div>
            )}
          </div>
          <div className={styles.actions}>
            <Button variant="secondary" className={styles.action} onClick={onCancel}>
              {t('account.crop.cancel')}
            </Button>
            {decoded.status === 'loading' ? (
              <Button className={styles.action} disabled>
                {t('account.crop.apply')}
              </Button>
            ) : null}
          </div>
        </div>
      )}
    </Modal>
  );
}

interface CropEditorProps {
  image: HTMLImageElement;
  url: string;
  size: Size;
  fileName: string;
  onCancel: () => void;
  onApply: (file: File) => void;
}

function CropEditor({ image, url, size, fileName, onCancel, onApply }: CropEditorProps) {
  const t = useT();
  // The zoom's spoken value uses the locale's decimal separator.
  const { locale } = useI18n();
  const hintId = useId();
  const zoomId = useId();
  const stageRef = useRef<HTMLDivElement>(null);
  const windowRef = useRef<HTMLDivElement>(null);
  const [crop, setCrop] = useState(() => initialAvatarCrop(size));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const zoom = avatarZoom(crop, size);
  const placement = avatarPlacement(crop, size);

  const zoomBy = (factor: number) => setCrop((c) => zoomAvatar(c, size, avatarZoom(c, size) * factor));
  /** Moves the photo by a distance in screen pixels. */
  const moveBy = (dx: number, dy: number) => {
    const side = windowRef.current?.getBoundingClientRect().width ?? 0;
    setCrop((c) => {
      const k = pixelsPerScreenPixel(c, size, side);
      return moveAvatar(c, size, dx * k, dy * k);
    });
  };

  // React's wheel listener is passive; this one must stop the dialog from scrolling.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const pixels = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY;
      setCrop((c) => zoomAvatar(c, size, avatarZoom(c, size) * Math.exp(-pixels * WHEEL_ZOOM)));
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [size]);

  const drag = useDragPan((dx, dy) => moveBy(dx, dy));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = arrowMove(event.key, (windowRef.current?.getBoundingClientRect().width ?? 0) * KEY_STEP);
    if (move) moveBy(move[0], move[1]);
    else if (event.key === '+' || event.key === '=') zoomBy(KEY_ZOOM);
    else if (event.key === '-' || event.key === '_') zoomBy(1 / KEY_ZOOM);
    else return;
    event.preventDefault();
  };

  const apply = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const blob = await renderAvatar(image, crop, size);
      onApply(new File([blob], avatarFileName(fileName), { type: 'image/jpeg' }));
    } catch {
      setBusy(false);
      setFailed(true);
    }
  };

  const zoomText = t('account.crop.zoomValue', { zoom: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(zoom) });

  return (
    <div className={styles.editor}>
      <div
        ref={stageRef}
        className={styles.stage}
        role="group"
        tabIndex={0}
        aria-label={t('account.crop.area')}
        aria-describedby={hintId}
        {...drag}
        onKeyDown={onKeyDown}
      >
        <div ref={windowRef} className={styles.window}>
          <img
            src={url}
            alt=""
            draggable={false}
            className={styles.image}
            style={{ left: `${placement.left}%`, top: `${placement.top}%`, width: `${placement.width}%` }}
          />
        </div>
        <div className={styles.mask} aria-hidden="true" />
      </div>
      <p id={hintId} className="visually-hidden">
        {t('account.crop.hint')}
      </p>
      <div className={styles.zoomRow}>
        <label htmlFor={zoomId} className="visually-hidden">
          {t('account.crop.zoom')}
        </label>
        <PhotoGlyph size={14} />
        <input
          id={zoomId}
          className={styles.range}
          type="range"
          min={MIN_AVATAR_ZOOM}
          max={MAX_AVATAR_ZOOM}
          step={0.01}
          value={zoom}
          aria-valuetext={zoomText}
          onChange={(event) => {
            const next = Number(event.currentTarget.value);
            setCrop((c) => zoomAvatar(c, size, next));
          }}
        />
        <PhotoGlyph size={22} />
      </div>
      {failed ? (
        <p className={styles.error} role="alert">
          {t('account.picture.failed')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" className={styles.action} onClick={onCancel}>
          {t('account.crop.cancel')}
        </Button>
        <Button className={styles.action} busy={busy} onClick={() => void apply()}>
          {t('account.crop.apply')}
        </Button>
      </div>
    </div>
  );
}

/** A small picture glyph at each end of the zoom slider (smaller = zoomed out). */
function PhotoGlyph({ size }: { size: number }) {
  return (
    <svg className={styles.glyph} width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" aria-hidden="true">
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="m3 17 5-5 4 4 3-3 6 6" />
      <circle cx="15.5" cy="8.5" r="1.5" />
    </svg>
  );
}
