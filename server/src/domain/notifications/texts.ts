import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { humanizeCode } from '@lendline/shared/contract';
import { I18N_DIR } from '../../i18n/dictionaries';

/**
 * Notification texts in every language the product ships (en, hi): who did what to which application. A notification
 * stores its text as a key and parameters (`notifications.text`), so the list, the socket push and a Web Push message
 * each render it in their reader's language; `messages` keeps the English rendering.
 */
export const NOTIFICATION_LANGUAGES = ['en', 'hi'] as const;
export type NotificationLang = (typeof NOTIFICATION_LANGUAGES)[number];
export const isNotificationLang = (v: unknown): v is NotificationLang => (NOTIFICATION_LANGUAGES as readonly unknown[]).includes(v);

/**
 * The texts live in the language files (server/src/i18n/{en,hi}.json, block notificationTexts): `templates` by key,
 * and `actions`, what was done in a FOLLOWED text ({action}; an unknown action is shown in words).
 */
interface NotificationDictionary {
  templates: Record<string, string>;
  actions: Record<string, string>;
}
const dictionaries = Object.fromEntries(
  NOTIFICATION_LANGUAGES.map((l) => [l, (JSON.parse(readFileSync(join(I18N_DIR, `${l}.json`), 'utf8')) as { notificationTexts: NotificationDictionary }).notificationTexts]),
) as Record<NotificationLang, NotificationDictionary>;

export type TextKey = string;

export interface NotificationText {
  key: TextKey;
  params: Record<string, string | number>;
  /**
   * Parameters that are configured names (a step, an approval level, a decline reason) in each other language,
   * resolved when the notification is written (applications/notify.ts), since the configuration may change later.
   */
  names?: Partial<Record<NotificationLang, Record<string, string>>>;
}

/** Parameters holding a configured name, by the kind of name (shared labels/config-names.ts). */
export const NAME_PARAMS = { step: 'step', toStep: 'step', level: 'approvalLevel', declineReason: 'declineReason' } as const;

export function renderText(text: NotificationText, lang: NotificationLang = 'en'): string {
  const template = dictionaries[lang]?.templates[text.key] ?? dictionaries.en.templates[text.key];
  if (!template) return '';
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = text.names?.[lang]?.[name] ?? text.params[name];
    // An action no entry names reads in words ("update snooze time"), never as its code.
    if (name === 'action' && typeof v === 'string') return dictionaries[lang]?.actions[v] ?? dictionaries.en.actions[v] ?? humanizeCode(v).toLowerCase();
    return v === undefined ? '' : String(v);
  });
}

/** The title of a Web Push message: the §8 toast's words, in the subscription's language. */
export const PUSH_TITLE: Record<NotificationLang, string> = { en: 'You have new notification', hi: 'आपके लिए नई सूचना है' };

/** The link a notification opens: the application's page in the backstage. */
export const applicationLink = (applicationId: string) => `/backstage/application?application_id=${encodeURIComponent(applicationId)}`;
