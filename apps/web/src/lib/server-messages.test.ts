import { describe, expect, it } from 'vitest';
import { localizedFieldErrors } from './api';
import { loadCatalogue, setCurrentLocale, translateServerMessage } from './i18n/translate';

describe('messages the service sends by code', () => {
  it('are shown in the reader\'s language, with their parameters', async () => {
    await loadCatalogue('es');
    expect(translateServerMessage({ code: 'password_short', params: { min: 8 } }, 'es')).toBe('Crea una contraseña de al menos 8 caracteres.');
    expect(translateServerMessage({ code: 'password_short', params: { min: 8 } }, 'en')).toBe('Create a password at least 8 characters long.');
    expect(translateServerMessage({ code: 'followed_by_more', params: { username: 'ana', count: 2 } }, 'es')).toBe('Seguido por ana y 2 más');
  });

  it('fall back to the service\'s own text for a code the client does not know', () => {
    expect(translateServerMessage({ code: 'something_new' }, 'es')).toBeNull();
    expect(translateServerMessage(null)).toBeNull();
    setCurrentLocale('es');
    const body = {
      errors: { username: ["This username isn't available. Please try another."], bio: ['A brand new rule.'] },
      error_codes: { username: [{ code: 'username_taken' }], bio: [{ code: 'brand_new' }] },
    };
    expect(localizedFieldErrors(body)).toEqual({ username: ['Este nombre de usuario no está disponible. Prueba con otro.'], bio: ['A brand new rule.'] });
    setCurrentLocale('en');
  });
});
