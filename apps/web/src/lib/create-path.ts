/** Spec 000 §2: any path containing /create/ opens the creation flow (logged in only). */
export function isCreatePath(pathname: string): boolean {
  return pathname.includes('/create/');
}
