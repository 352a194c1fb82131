import { useSyncExternalStore } from 'react';
import { initialStoryCreation, storyReducer, type StoryAction, type StoryCreationState } from './story-reducer';

/**
 * The session lives outside React, as the post flow's does: the /create/story paths may remount
 * the screen, and the session must outlive that. It ends when the viewer leaves those paths.
 */
let state = initialStoryCreation();
const listeners = new Set<() => void>();

export function dispatchStory(action: StoryAction): void {
  const before = state;
  const next = storyReducer(state, action);
  if (next === state) return;
  if (before.source && before.source !== next.source) URL.revokeObjectURL(before.source.url);
  state = next;
  for (const listener of listeners) listener();
}

export function getStory(): StoryCreationState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStory(): StoryCreationState {
  return useSyncExternalStore(subscribe, getStory, getStory);
}
