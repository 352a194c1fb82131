import { useEffect, useRef, useState } from 'react';
import { STORY_VIDEO_MAX_SEC, type StoryEntryPoint } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Spinner } from '../../ui/spinner';
import styles from './story-create.module.css';

type CameraState = 'starting' | 'live' | 'unavailable' | 'denied';

interface CaptureScreenProps {
  onPick: (file: File, entryPoint: StoryEntryPoint) => void;
  problem: string | null;
  processing: boolean;
}

/**
 * Where a story starts: the camera by default (the quick camera button), with a shutter button;
 * when there is no camera or it may not be used, that is said, and the viewer's files remain.
 */
export function CaptureScreen({ onPick, problem, processing }: CaptureScreenProps) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState<CameraState>('starting');

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    if (!media?.getUserMedia) {
      setCamera('unavailable');
      return;
    }
    media
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 1080 }, height: { ideal: 1920 } }, audio: false })
      .then((s) => {
        if (cancelled) return s.getTracks().forEach((track) => track.stop());
        stream = s;
        if (videoRef.current) videoRef.current.srcObject = s;
        setCamera('live');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const name = error instanceof DOMException ? error.name : '';
        setCamera(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
      });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const shoot = () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    // The preview is mirrored like a mirror; the photo is kept as the camera sees it, mirrored too.
    ctx.translate(canvas.width, 0);
    ctx.scale(-1, 1);
    ctx.drawImage(video, 0, 0);
    canvas.toBlob((blob) => {
      if (blob) onPick(new File([blob], 'camera.jpg', { type: 'image/jpeg' }), 'quick_camera_button');
    }, 'image/jpeg', 0.92);
  };

  return (
    <div className={styles.capture}>
      <h1 className={styles.captureTitle}>{t('storyCreate.capture.title')}</h1>
      <div className={styles.cameraBox}>
        <video ref={videoRef} className={styles.cameraVideo} autoPlay muted playsInline aria-label={t('storyCreate.capture.camera')} hidden={camera !== 'live'} />
        {camera === 'starting' ? (
          <p className={styles.cameraNote} role="status">
            <Spinner size={20} /> {t('storyCreate.capture.starting')}
          </p>
        ) : null}
        {camera === 'unavailable' || camera === 'denied' ? (
          <p className={styles.cameraNote} role="status">
            {camera === 'denied' ? t('storyCreate.capture.denied') : t('storyCreate.capture.unavailable')}
          </p>
        ) : null}
        {camera === 'live' ? (
          <button type="button" className={styles.shutter} onClick={shoot} disabled={processing} aria-label={t('storyCreate.capture.shutter')}>
            <span className={styles.shutterInner} />
          </button>
        ) : null}
      </div>
      {problem ? (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
      {processing ? (
        <p className={styles.cameraNote} role="status">
          <Spinner size={20} /> {t('storyCreate.loading')}
        </p>
      ) : null}
      <button type="button" className={styles.filesButton} onClick={() => inputRef.current?.click()} disabled={processing}>
        {t('storyCreate.capture.files')}
      </button>
      <p className={styles.hint}>{t('storyCreate.capture.hint', { seconds: STORY_VIDEO_MAX_SEC })}</p>
      <input
        ref={inputRef}
        type="file"
        accept="image/*,video/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('storyCreate.capture.files')}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onPick(file, 'gallery');
        }}
      />
    </div>
  );
}
