import { en, type MessageId } from './messages/en';

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export type MessageVars = Record<string, string | number>;
type Catalogue = Record<MessageId, string>;

/** English ships with the app; other languages load when chosen (no page pays for all of them). */
const catalogues: Partial<Record<Locale, Catalogue>> = { en };
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Catalogue>> = {
  es: () => import('./messages/es').then((m) => m.es),
};

export function isCatalogueLoaded(locale: Locale): boolean {
  return catalogues[locale] !== undefined;
}

export async function loadCatalogue(locale: Locale): Promise<void> {
  if (locale === 'en' || catalogues[locale]) return;
  catalogues[locale] = await loaders[locale]();
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** 'es-MX' -> 'es'; unknown languages fall back to English. */
export function resolveLocale(...candidates: (string | null | undefined)[]): Locale {
  for (const candidate of candidates) {
    const base = candidate?.toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

let current: Locale = 'en';
/** The language in effect, for texts made outside React (a failed call's message). */
export function setCurrentLocale(locale: Locale): void {
  current = locale;
}

/**
 * What the service said by code (`{code, params}`), in the reader's language; null when the code is
 * not one the catalogue knows (the caller then shows the service's own text).
 */
export function translateServerMessage(m: unknown, locale: Locale = current): string | null {
  if (!m || typeof m !== 'object') return null;
  const { code, params } = m as { code?: unknown; params?: unknown };
  if (typeof code !== 'string') return null;
  const id = `message.${code}`;
  if (!(id in en)) return null;
  return translate(locale, id as MessageId, params && typeof params === 'object' ? (params as MessageVars) : undefined);
}

/**
 * Looks up a message and fills `{name}` placeholders; a missing id (or a language not loaded yet)
 * falls back to English, then the id.
 */
export function translate(locale: Locale, id: MessageId, vars?: MessageVars): string {
  const template = catalogues[locale]?.[id] ?? en[id] ?? id;
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}
