import { useState } from 'react';
import { useLocation } from 'react-router';
import { NotFoundPage } from '../placeholders/placeholder-pages';
import { parseStoryPath } from './story-route';
import { isViewerAddress } from './live-viewing';
import { StoryViewer } from './story-viewer';

/** Every story address: the viewer over the reels it names, or the not-found page for a bad one. */
export function StoriesPage() {
  const { pathname, search } = useLocation();
  const here = pathname + search;
  // One viewing per address it was opened at: the viewer moving between reels keeps it; a link or
  // the browser bringing another story address starts a new one.
  const [opened, setOpened] = useState(here);
  if (opened !== here && !isViewerAddress(here)) setOpened(here);
  const target = parseStoryPath(pathname, search);
  if (target.kind === 'invalid') return <NotFoundPage />;
  return <StoryViewer key={opened} target={target} />;
}
