/**
 * A website as people type it (`example.com/me`), made a full http(s) address; null when it is
 * not one. Strict on what could send a visitor elsewhere than the text shows: another scheme
 * (`javascript:`), no host (`//evil.example` would become `https:////evil.example`), a login
 * before the host (`https://bank.example@evil.example`), spaces.
 */
export function normalizeWebsite(input: string): string | null {
  const text = input.trim();
  if (/\s/.test(text)) return null;
  // A scheme is letters before a colon; `example.com:8080` is a host and a port.
  const scheme = /^([a-z][a-z0-9+-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'http' && scheme !== 'https') return null;
  const full = scheme ? text : `https://${text}`;
  if (!/^https?:\/\/[^/\\?#@]/i.test(full)) return null;
  let url: URL;
  try {
    url = new URL(full);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const host = url.hostname;
  if (!host.includes('.') || host.startsWith('.') || host.endsWith('.')) return null;
  return full;
}
