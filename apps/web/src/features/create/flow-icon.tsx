/** Icons only this flow uses (the shared set has no arrow, rotate or mirror). Decorative. */
const PATHS = {
  back: <path d="M15 5l-7 7 7 7" />,
  rotate: (
    <>
      <path d="M20 11a8 8 0 1 0-2.3 5.7" />
      <path d="M20 4v7h-7" />
    </>
  ),
  mirror: (
    <>
      <path d="M12 3v18" strokeDasharray="2 2" />
      <path d="M9 6 3 18h6zM15 6l6 12h-6z" />
    </>
  ),
  media: (
    <>
      <rect x="3" y="5" width="14" height="14" rx="2" />
      <path d="M7 9h14v12H7" />
      <path d="m3 16 4-4 4 4 2-2 4 4" />
    </>
  ),
};

export function FlowIcon({ name, size = 24 }: { name: keyof typeof PATHS; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {PATHS[name]}
    </svg>
  );
}
