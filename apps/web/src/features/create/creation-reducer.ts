import { MAX_USERTAGS, SIDECAR_MAX_ITEMS } from '@shutter/contract';
import { ASPECTS, centredCrop, defaultCrop, mirrorCrop, panCrop, rotateCrop, turnedSize, zoomCrop, type AspectId, type CroppedImage } from './crop';
import { DEFAULT_FILTER, type FilterChoice, type FilterName } from './filters';
import type { MediaKind } from './media-files';

/**
 * The creation session (spec 000 §3 and §4 "Creation"): started, each file processed (decoded),
 * staged (uploaded, with its upload id), finalized (configured into a post). A carousel holds one
 * item per file; the caption and the location belong to the post, tags and alt text to each item.
 */
export type CreationPhase = 'idle' | 'sessionStarted' | 'processed' | 'staged' | 'finalized';

export interface TaggedUserRef {
  id: string;
  username: string;
  full_name: string;
}

export interface UserTag {
  user: TaggedUserRef;
  /** 0..1 from the picture's left and top edges. */
  x: number;
  y: number;
}

export interface SourceMedia {
  file: Blob;
  name: string;
  /** Object URL for previews. */
  url: string;
  width: number;
  height: number;
}

export interface CreationItem {
  key: string;
  kind: MediaKind;
  /** sourceImage or sourceVideo, by kind. */
  source: SourceMedia;
  croppedImage: CroppedImage;
  filter: FilterChoice;
  /** Made when the file was added; re-used on every retry so the server answers the first upload. */
  baseUploadId: string;
  /** Bumped when the picture changes after it was uploaded: the new picture needs a new upload id. */
  revision: number;
  stagedImage: { uploadId: string } | null;
  usertags: UserTag[];
  customAccessibilityCaption: string;
}

export type ShareStatus = 'idle' | 'uploading' | 'configuring' | 'failed';

export interface CreationSession {
  phase: CreationPhase;
  sessionId: string | null;
  creationMode: 'post';
  items: CreationItem[];
  active: number;
  aspect: AspectId;
  /** geoTag: the place's name as shown; locationId: the place picked from search, null for a typed name. */
  finalizedMedia: { caption: string; geoTag: string; locationId: string | null };
  share: { status: ShareStatus; progress: number; error: string | null };
  result: { shortcode: string; processing: boolean; ownerUsername: string } | null;
}

export type NewItem = Pick<CreationItem, 'key' | 'kind' | 'source' | 'baseUploadId'>;

export type CreationAction =
  | { type: 'start'; sessionId: string }
  | { type: 'processed'; items: NewItem[] }
  | { type: 'select'; index: number }
  | { type: 'aspect'; aspect: AspectId }
  | { type: 'zoom'; scaleFactor: number }
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'rotate' }
  | { type: 'mirror' }
  | { type: 'filter'; name: FilterName }
  | { type: 'strength'; strength: number }
  | { type: 'caption'; text: string }
  | { type: 'location'; text: string }
  | { type: 'place'; id: string; name: string }
  | { type: 'addTag'; tag: UserTag }
  | { type: 'removeTag'; userId: string }
  | { type: 'altText'; text: string }
  | { type: 'shareStart' }
  | { type: 'uploadProgress'; progress: number }
  | { type: 'staged'; key: string; uploadId: string }
  | { type: 'shareFailed'; message: string }
  | { type: 'finalized'; shortcode: string; processing: boolean; ownerUsername: string }
  | { type: 'reset' };

export function initialCreation(): CreationSession {
  return {
    phase: 'idle',
    sessionId: null,
    creationMode: 'post',
    items: [],
    active: 0,
    aspect: 'square',
    finalizedMedia: { caption: '', geoTag: '', locationId: null },
    share: { status: 'idle', progress: 0, error: null },
    result: null,
  };
}

export function uploadIdOf(item: CreationItem): string {
  return item.revision ? `${item.baseUploadId}_${item.revision}` : item.baseUploadId;
}

export function isSharing(state: CreationSession): boolean {
  return state.share.status === 'uploading' || state.share.status === 'configuring';
}

export function hasUnsavedWork(state: CreationSession): boolean {
  return state.items.length > 0 && state.phase !== 'finalized';
}

const allStaged = (items: CreationItem[]) => items.length > 0 && items.every((it) => it.stagedImage?.uploadId === uploadIdOf(it));

/** Applies a change of the active item's picture; a staged picture gets a fresh upload id. */
function changePicture(state: CreationSession, change: (item: CreationItem) => Partial<CreationItem>): CreationSession {
  const item = state.items[state.active];
  if (!item || item.kind !== 'image') return state;
  const next: CreationItem = { ...item, ...change(item) };
  if (item.stagedImage) Object.assign(next, { revision: item.revision + 1, stagedImage: null });
  const items = state.items.map((it, i) => (i === state.active ? next : it));
  return { ...state, items, phase: state.phase === 'staged' && !allStaged(items) ? 'processed' : state.phase };
}

function changeItem(state: CreationSession, change: (item: CreationItem) => Partial<CreationItem>): CreationSession {
  const items = state.items.map((it, i) => (i === state.active ? { ...it, ...change(it) } : it));
  return { ...state, items };
}

function geometry(state: CreationSession, item: CreationItem) {
  return { size: turnedSize(item.source, item.croppedImage.rotationAngle), aspect: ASPECTS[state.aspect] };
}

/** Edits, while an upload or configure is in flight, are ignored: what is sent must not change. */
function edit(state: CreationSession, action: CreationAction): CreationSession {
  switch (action.type) {
    case 'select':
      return action.index >= 0 && action.index < state.items.length ? { ...state, active: action.index } : state;
    case 'aspect': {
      let next: CreationSession = { ...state, aspect: action.aspect };
      const active = state.active;
      state.items.forEach((item, index) => {
        if (item.kind !== 'image') return;
        next = changePicture({ ...next, active: index }, (it) => {
          const { size, aspect } = geometry(next, it);
          return { croppedImage: centredCrop(size, aspect, it.croppedImage) };
        });
      });
      return { ...next, active };
    }
    case 'zoom':
      return changePicture(state, (it) => {
        const { size, aspect } = geometry(state, it);
        return { croppedImage: zoomCrop(it.croppedImage, size, aspect, action.scaleFactor) };
      });
    case 'pan':
      return changePicture(state, (it) => {
        const { size, aspect } = geometry(state, it);
        return { croppedImage: panCrop(it.croppedImage, size, aspect, action.dx, action.dy) };
      });
    case 'rotate':
      return changePicture(state, (it) => ({ croppedImage: rotateCrop(it.croppedImage, it.source, ASPECTS[state.aspect]) }));
    case 'mirror':
      return changePicture(state, (it) => {
        const { size, aspect } = geometry(state, it);
        return { croppedImage: mirrorCrop(it.croppedImage, size, aspect) };
      });
    case 'filter':
      return changePicture(state, (it) => ({ filter: it.filter.name === action.name ? it.filter : { name: action.name, strength: 1 } }));
    case 'strength':
      return changePicture(state, (it) => ({ filter: { ...it.filter, strength: Math.min(1, Math.max(0, action.strength)) } }));
    case 'caption':
      return { ...state, finalizedMedia: { ...state.finalizedMedia, caption: action.text } };
    case 'location':
      return { ...state, finalizedMedia: { ...state.finalizedMedia, geoTag: action.text, locationId: null } };
    case 'place':
      return { ...state, finalizedMedia: { ...state.finalizedMedia, geoTag: action.name, locationId: action.id } };
    case 'addTag':
      return changeItem(state, (it) => {
        const others = it.usertags.filter((t) => t.user.id !== action.tag.user.id);
        if (others.length >= MAX_USERTAGS) return {};
        const clamp = (v: number) => Math.min(1, Math.max(0, v));
        return { usertags: [...others, { ...action.tag, x: clamp(action.tag.x), y: clamp(action.tag.y) }] };
      });
    case 'removeTag':
      return changeItem(state, (it) => ({ usertags: it.usertags.filter((t) => t.user.id !== action.userId) }));
    case 'altText':
      return changeItem(state, () => ({ customAccessibilityCaption: action.text }));
    default:
      return state;
  }
}

export function creationReducer(state: CreationSession, action: CreationAction): CreationSession {
  switch (action.type) {
    case 'reset':
      return initialCreation();
    case 'start':
      return { ...initialCreation(), phase: 'sessionStarted', sessionId: action.sessionId };
    case 'processed': {
      if (state.phase !== 'sessionStarted' || action.items.length === 0) return state;
      const items = action.items.slice(0, SIDECAR_MAX_ITEMS).map<CreationItem>((it) => ({
        ...it,
        croppedImage: defaultCrop(it.source.width, it.source.height),
        filter: DEFAULT_FILTER,
        revision: 0,
        stagedImage: null,
        usertags: [],
        customAccessibilityCaption: '',
      }));
      return { ...state, phase: 'processed', items, active: 0, aspect: 'square' };
    }
    case 'shareStart':
      if (state.items.length === 0 || isSharing(state) || state.phase === 'finalized') return state;
      return { ...state, share: { status: allStaged(state.items) ? 'configuring' : 'uploading', progress: 0, error: null } };
    case 'uploadProgress':
      return state.share.status === 'uploading' ? { ...state, share: { ...state.share, progress: Math.min(1, Math.max(0, action.progress)) } } : state;
    case 'staged': {
      const items = state.items.map((it) => (it.key === action.key && uploadIdOf(it) === action.uploadId ? { ...it, stagedImage: { uploadId: action.uploadId } } : it));
      if (!allStaged(items)) return { ...state, items };
      return { ...state, items, phase: 'staged', share: { ...state.share, status: 'configuring', progress: 1 } };
    }
    case 'shareFailed':
      return { ...state, share: { status: 'failed', progress: state.share.progress, error: action.message } };
    case 'finalized':
      if (state.phase !== 'staged') return state;
      return {
        ...state,
        phase: 'finalized',
        share: { status: 'idle', progress: 1, error: null },
        result: { shortcode: action.shortcode, processing: action.processing, ownerUsername: action.ownerUsername },
      };
    default:
      return isSharing(state) || state.phase === 'finalized' ? state : edit(state, action);
  }
}
