import { isStaffRole, type SharedData } from '@shutter/contract';

/**
 * Whether the viewer is staff, as the shared data says (null: it does not say). Only a hint for
 * the navigation and the screens: the admin API itself answers 403 to anyone else.
 */
export function viewerIsStaff(sharedData: SharedData): boolean | null {
  if (!sharedData.config.viewer) return false;
  return sharedData.role ? isStaffRole(sharedData.role) : null;
}
