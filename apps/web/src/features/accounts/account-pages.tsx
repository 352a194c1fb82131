export { PasswordChangePage } from './password-change-page';
export { LoginActivityPage } from './login-activity-page';
