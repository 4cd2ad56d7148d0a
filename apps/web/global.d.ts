import type { Locale } from './i18n/locales';
import type messages from './messages/en.json';

// Message keys are checked by the type checker: `t('nav.overview')` must exist in en.json
// (scripts/check-messages.js keeps zh-Hans.json in step with it).
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages;
  }
}
