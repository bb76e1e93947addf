import { humanizeCode } from '@lendline/shared/contract';

/**
 * Notification texts in every language the product ships (en, hi): who did what to which application. A notification
 * stores its text as a key and parameters (`notifications.text`), so the list, the socket push and a Web Push message
 * each render it in their reader's language; `messages` keeps the English rendering.
 */
export const NOTIFICATION_LANGUAGES = ['en', 'hi'] as const;
export type NotificationLang = (typeof NOTIFICATION_LANGUAGES)[number];
export const isNotificationLang = (v: unknown): v is NotificationLang => (NOTIFICATION_LANGUAGES as readonly unknown[]).includes(v);

const TEMPLATES = {
  assigned: { en: '{actor} assigned {app} ({step}) to you', hi: '{actor} ने {app} ({step}) आपको सौंपा' },
  reassigned: { en: '{actor} reassigned {app} ({step}) to you', hi: '{actor} ने {app} ({step}) आपको फिर से सौंपा' },
  reassignedAway: { en: '{actor} reassigned {app} to {target}', hi: '{actor} ने {app} {target} को फिर से सौंपा' },
  teamQueue: { en: '{actor}: {app} is waiting in {step} for your team', hi: '{actor}: {app} आपकी टीम के लिए {step} में प्रतीक्षा में है' },
  released: { en: "{actor} released {app} ({step}) back to your team's queue", hi: '{actor} ने {app} ({step}) आपकी टीम की कतार में लौटाया' },
  reactivated: { en: '{actor} reactivated {app}', hi: '{actor} ने {app} फिर से सक्रिय किया' },
  cancelled: { en: '{actor} cancelled {app} at {step}', hi: '{actor} ने {app} को {step} पर रद्द किया' },
  rejected: { en: '{actor} rejected {app} at {step}', hi: '{actor} ने {app} को {step} पर अस्वीकार किया' },
  cancelledApp: { en: '{actor} cancelled {app}', hi: '{actor} ने {app} रद्द किया' },
  exceptions: { en: '{actor}: {count} exception(s) of {app} wait for approval', hi: '{actor}: {app} के {count} अपवाद अनुमोदन की प्रतीक्षा में हैं' },
  completed: { en: '{actor} completed {app}', hi: '{actor} ने {app} पूरा किया' },
  stpStopped: { en: '{actor}: straight-through processing of {app} stopped; it waits in {step} for you', hi: '{actor}: {app} की स्वचालित प्रक्रिया रुक गई; यह {step} में आपकी प्रतीक्षा में है' },
  /** FOLLOWED: a change to an application the reader follows; {action} is one of ACTIONS below. */
  followed: { en: '{actor} {action} {app}', hi: '{actor} ने {app} पर {action}' },
} as const satisfies Record<string, Record<NotificationLang, string>>;
export type TextKey = keyof typeof TEMPLATES;

/** What was done, for FOLLOWED texts (an unknown action is shown in words). */
const ACTIONS: Record<string, Record<NotificationLang, string>> = {
  assign: { en: 'assigned', hi: 'असाइन किया' },
  reassign: { en: 'reassigned', hi: 'फिर से असाइन किया' },
  release: { en: 'released', hi: 'कतार में लौटाया' },
  'complete_step/user': { en: 'completed a step of', hi: 'एक चरण पूरा किया' },
  reject: { en: 'rejected', hi: 'अस्वीकार किया' },
  cancel: { en: 'cancelled', hi: 'रद्द किया' },
  on_hold: { en: 'put on hold', hi: 'रोका' },
  activate: { en: 'reactivated', hi: 'फिर से सक्रिय किया' },
  revert_stage: { en: 'sent back', hi: 'पिछले चरण में लौटाया' },
  delete: { en: 'deleted', hi: 'हटाया' },
  request_for_callback: { en: 'requested a callback on', hi: 'कॉलबैक का अनुरोध किया' },
  complete_callback: { en: 'completed the callback of', hi: 'कॉलबैक पूरा किया' },
  query_raised: { en: 'raised a query on', hi: 'प्रश्न उठाया' },
  query_answered: { en: 'answered a query on', hi: 'प्रश्न का उत्तर दिया' },
  query_closed: { en: 'closed a query on', hi: 'प्रश्न बंद किया' },
  approval_requested: { en: 'asked for approval on', hi: 'अनुमोदन माँगा' },
  approval_decided: { en: 'decided an approval on', hi: 'अनुमोदन पर निर्णय लिया' },
  edited: { en: 'changed', hi: 'बदलाव किया' },
  // Case-work changes (domain/tasks) by the name they are audited under.
  createSubTask: { en: 'raised a query on', hi: 'प्रश्न उठाया' },
  updateSubTask: { en: 'updated a query on', hi: 'प्रश्न बदला' },
  addCommentToTask: { en: 'commented on a query on', hi: 'प्रश्न पर टिप्पणी की' },
  closeSubTask: { en: 'closed a query on', hi: 'प्रश्न बंद किया' },
  reopenSubTask: { en: 'reopened a query on', hi: 'प्रश्न फिर से खोला' },
  updateSnoozeTime: { en: 'snoozed', hi: 'स्नूज़ किया' },
  removeSnoozeTime: { en: 'woke up', hi: 'स्नूज़ हटाया' },
};

export interface NotificationText {
  key: TextKey;
  params: Record<string, string | number>;
}

export function renderText(text: NotificationText, lang: NotificationLang = 'en'): string {
  const template = TEMPLATES[text.key]?.[lang] ?? TEMPLATES[text.key]?.en;
  if (!template) return '';
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = text.params[name];
    // An action no entry names reads in words ("update snooze time"), never as its code.
    if (name === 'action' && typeof v === 'string') return ACTIONS[v]?.[lang] ?? humanizeCode(v).toLowerCase();
    return v === undefined ? '' : String(v);
  });
}

/** The title of a Web Push message: the §8 toast's words, in the subscription's language. */
export const PUSH_TITLE: Record<NotificationLang, string> = { en: 'You have new notification', hi: 'आपके लिए नई सूचना है' };

/** The link a notification opens: the application's page in the backstage. */
export const applicationLink = (applicationId: string) => `/backstage/application?application_id=${encodeURIComponent(applicationId)}`;
