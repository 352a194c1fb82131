export { PasswordChangePage } from './password-change-page';
export { LoginActivityPage } from './login-activity-page';
export { TwoFactorSettingsPage } from './two-factor-settings-page';
