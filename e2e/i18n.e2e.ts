import { expect, logIn, test } from './fixtures';

test.describe('messages from the service in the reader\'s language', () => {
  test('a Spanish interface shows the signup form\'s errors in Spanish @mobile', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('shutter.locale', 'es'));
    await page.goto('/accounts/emailsignup/');
    await page.getByLabel('Correo electrónico').fill('not-an-email');
    await page.getByLabel('Nombre de usuario').fill('grace');
    await page.getByLabel('Contraseña', { exact: true }).fill('short');
    await page.getByLabel('Nombre completo').click();
    await expect(page.getByText('Este nombre de usuario no está disponible. Prueba con otro.')).toBeVisible();
    await expect(page.getByText('Introduce una dirección de correo electrónico válida.')).toBeVisible();
    await expect(page.getByText("This username isn't available. Please try another.")).toHaveCount(0);
  });

  test('a Spanish interface tells why an account is suggested in Spanish', async ({ page }) => {
    await logIn(page, 'grace');
    await page.evaluate(() => window.localStorage.setItem('shutter.locale', 'es'));
    await page.goto('/explore/people/');
    await expect(page.getByText(/^(Seguido por \S+( y \d+ más)?|Popular en Shutter)$/).first()).toBeVisible();
    await expect(page.getByText(/^(Followed by|Popular on Shutter)/)).toHaveCount(0);
  });
});
