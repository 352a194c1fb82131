import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS, readItem, writeItem } from '../storage';
import type { MessageId } from './messages/en';
import { isCatalogueLoaded, loadCatalogue, resolveLocale, setCurrentLocale, translate, type Locale, type MessageVars } from './translate';

export type { MessageId } from './messages/en';
export type { Locale } from './translate';
export type Translate = (id: MessageId, vars?: MessageVars) => string;

interface I18nValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);

/** The viewer's choice (local storage) wins over the server's language_code and the browser's. */
export function initialLocale(serverLanguage?: string | null): Locale {
  return resolveLocale(readItem(STORAGE_KEYS.locale), serverLanguage, typeof navigator === 'undefined' ? null : navigator.language);
}

/**
 * The language in effect. A language whose catalogue is not loaded yet is switched to once it is;
 * on a first render in such a language nothing shows until then, rather than English for a moment.
 */
export function I18nProvider({ initial, children }: { initial: Locale; children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale | null>(() => (isCatalogueLoaded(initial) ? initial : null));
  useEffect(() => {
    if (locale) document.documentElement.lang = locale;
    if (locale) setCurrentLocale(locale);
  }, [locale]);
  const switchTo = useCallback((next: Locale, fallback: Locale) => {
    loadCatalogue(next).then(
      () => setLocaleState(next),
      () => setLocaleState((current) => current ?? fallback),
    );
  }, []);
  useEffect(() => {
    if (!isCatalogueLoaded(initial)) switchTo(initial, 'en');
  }, [initial, switchTo]);
  const setLocale = useCallback(
    (next: Locale) => {
      writeItem(STORAGE_KEYS.locale, next);
      switchTo(next, 'en');
    },
    [switchTo],
  );
  const value = useMemo<I18nValue | null>(
    () => (locale ? { locale, setLocale, t: (id, vars) => translate(locale, id, vars) } : null),
    [locale, setLocale],
  );
  if (!value) return null;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside I18nProvider');
  return value;
}

export function useT(): Translate {
  return useI18n().t;
}

/** Sets document.title to "{title} • Shutter" (or the bare app name). */
export function useDocumentTitle(title: string | null): void {
  const t = useT();
  useEffect(() => {
    document.title = title ? t('title.suffix', { title }) : t('app.name');
  }, [title, t]);
}
