import { en, type MessageId } from './messages/en';
import { es } from './messages/es';

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export type MessageVars = Record<string, string | number>;

export const catalogues: Record<Locale, Record<MessageId, string>> = { en, es };

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

/** Looks up a message and fills `{name}` placeholders; a missing id falls back to English, then the id. */
export function translate(locale: Locale, id: MessageId, vars?: MessageVars): string {
  const template = catalogues[locale][id] ?? en[id] ?? id;
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}
