export { createPlatform, USER_SERVICE_WEB, type Platform, type PlatformOptions } from './platform.ts';
export type { RelayHub } from './relay/hub.ts';
export { createMailer, createMemoryMailer, type MailMessage, type Mailer } from './user-service/mailer.ts';
export { SESSION_COOKIE } from './user-service/session-cookie.ts';
