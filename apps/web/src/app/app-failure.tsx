import { useT } from '../lib/i18n/i18n';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';

/** Shown when the app cannot start (shared data unreachable) or a route fails to render. */
export function AppFailure({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <main id="main">
      <EmptyState icon="alert" title={t('app.error.title')} body={t('app.error.body')} level={1}>
        <Button onClick={onRetry}>{t('app.error.retry')}</Button>
      </EmptyState>
    </main>
  );
}

