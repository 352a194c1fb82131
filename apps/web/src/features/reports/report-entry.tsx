import { lazy, Suspense } from 'react';
import type { ReportObjectType } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { MenuItemButton } from '../../ui/popup-menu';
import { useSession } from '../../state/session';
import type { ReportTarget } from './report-flow-reducer';

export type { ReportTarget } from './report-flow-reducer';

// Loaded on the first Report: menus are on every first screen, the flow is rarely opened.
const ReportDialog = lazy(async () => ({ default: (await import('./report-dialog')).ReportDialog }));

/**
 * Whether the viewer may report a thing of this type owned by `ownerId`: logged in, not their own,
 * and the operator's switch for the type on (R-001-reporting-13).
 */
export function useCanReport(objectType: ReportObjectType, ownerId: string | undefined): boolean {
  const { viewer, sharedData } = useSession();
  return !!viewer && !!ownerId && viewer.id !== ownerId && sharedData.reporting?.[objectType] === true;
}

/** The red "Report" item of a menu. */
export function ReportMenuItem({ onSelect }: { onSelect: () => void }) {
  const t = useT();
  return (
    <MenuItemButton danger onSelect={onSelect}>
      {t('reports.menuItem')}
    </MenuItemButton>
  );
}

/** The report dialog of `target` while it is set. */
export function ReportDialogHost({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog target={target} onClose={onClose} />
    </Suspense>
  );
}
