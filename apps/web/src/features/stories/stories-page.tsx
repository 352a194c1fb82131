import { useLocation } from 'react-router';
import { NotFoundPage } from '../placeholders/placeholder-pages';
import { parseStoryPath } from './story-route';
import { StoryViewer } from './story-viewer';

/** Every story address: the viewer over the reels it names, or the not-found page for a bad one. */
export function StoriesPage() {
  const { pathname, search } = useLocation();
  const target = parseStoryPath(pathname, search);
  if (target.kind === 'invalid') return <NotFoundPage />;
  // One viewing per address it was opened at; moving between reels carries it over (see StoryViewer).
  return <StoryViewer target={target} />;
}
