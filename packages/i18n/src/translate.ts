import i18next from 'i18next';
import { FALLBACK_LOCALE, resolveLocale } from './locale.ts';
import { messages, type MessageKey } from './messages/index.ts';

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

/**
 * `createTranslator('zh')('common.retry')` → '重试'. `{name}` placeholders are filled from
 * `params`; a key missing in a locale falls back to English.
 */
export function createTranslator(tag: string | null | undefined): Translate {
  const instance = i18next.createInstance();
  void instance.init({
    lng: resolveLocale(tag),
    fallbackLng: FALLBACK_LOCALE,
    resources: { en: { translation: messages.en }, zh: { translation: messages.zh } },
    // Keys are flat and dotted ('checkout.expired.title'), placeholders are single-braced.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    initAsync: false,
  });
  return (key, params) => instance.t(key, params ?? {});
}
