import { describe, expect, it } from 'vitest';
import { en } from './messages/en';
import { es } from './messages/es';
import { isCatalogueLoaded, loadCatalogue, resolveLocale, translate } from './translate';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('every English key has a Spanish message and no extra keys exist', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it('no message is empty and both locales use the same placeholders', () => {
    for (const id of Object.keys(en) as (keyof typeof en)[]) {
      expect(en[id].trim(), id).not.toBe('');
      expect(es[id].trim(), id).not.toBe('');
      expect(placeholders(es[id]), id).toEqual(placeholders(en[id]));
    }
  });

  it('translate fills placeholders and keeps unknown ones; a language is loaded before it is used', async () => {
    expect(translate('en', 'profile.posts', { count: 3 })).toBe('3 posts');
    expect(isCatalogueLoaded('es')).toBe(false);
    expect(translate('es', 'profile.posts', { count: 3 })).toBe('3 posts');
    await loadCatalogue('es');
    expect(isCatalogueLoaded('es')).toBe(true);
    expect(translate('es', 'profile.posts', { count: 3 })).toBe('3 publicaciones');
    expect(translate('en', 'switch.body', {})).toBe('You will be logged out of @{username} first.');
  });

  it('resolveLocale takes the first supported language and falls back to English', () => {
    expect(resolveLocale(null, 'es-MX', 'en-US')).toBe('es');
    expect(resolveLocale('fr', undefined)).toBe('en');
  });

  it('keeps the accessible names the e2e tests rely on', () => {
    expect([en['login.username'], en['login.password'], en['login.submit']]).toEqual(['Username or email', 'Password', 'Log in']);
    expect([en['signup.email'], en['signup.fullName'], en['signup.username'], en['signup.password'], en['signup.submit']]).toEqual([
      'Email', 'Full name', 'Username', 'Password', 'Sign up',
    ]);
    expect([en['nav.home'], en['nav.explore'], en['nav.direct'], en['nav.activity'], en['nav.create'], en['nav.profile']]).toEqual([
      'Home', 'Explore', 'Direct', 'Activity', 'Create', 'Profile',
    ]);
    expect([en['nav.create.post'], en['nav.create.story'], en['stories.tray.addStory'], en['stories.viewer.addToStory']]).toEqual(['Post', 'Story', 'Add to your story', 'Add to your story']);
    expect([en['nav.accountMenu'], en['nav.menu.logOut'], en['cookies.region'], en['cookies.close']]).toEqual([
      'Account menu', 'Log out', 'Cookie banner', 'Close',
    ]);
  });
});
