import { useLanguage, useT } from '@lendline/shared';

/**
 * The tab's texts in English and Hindi. A key of the shared dictionaries (areas.tasks.approvals.*) wins when the
 * server's i18n files have it; otherwise these are used for the current language (English for any other).
 */
const EN = {
  title: 'Approval chain',
  loading: 'Loading approvals…',
  failed: 'The approvals could not be loaded.',
  retry: 'Try again',
  empty: 'No approval has been requested for this application.',
  level: 'Level',
  approver: 'Approver',
  state: 'State',
  decidedBy: 'By',
  when: 'When',
  comment: 'Comment',
  actions: 'Actions',
  round: 'Round {round}',
  levelOf: '{level} of {levels}',
  forwardedTo: 'forwarded to {user}',
  escalatedTo: 'escalated to {user}: {reason}',
  maker: 'Submitted by {maker}',
  exceptionsTitle: 'Raised exceptions',
  'state.PENDING': 'Pending',
  'state.APPROVED': 'Approved',
  'state.REJECTED': 'Rejected',
  'state.SENT_BACK': 'Sent back',
  'state.WITHDRAWN': 'Withdrawn',
  'state.WAITING': 'Waiting',
  'action.approve': 'Approve',
  'action.reject': 'Reject',
  'action.forward': 'Forward',
  'action.send_back': 'Send back',
  commentLabel: 'Comment (optional)',
  reasonLabel: 'Reason',
  forwardTo: 'Forward to',
  choose: 'Choose an approver',
  confirm: 'Confirm: {action}',
  cancel: 'Cancel',
  done: '{action}: done',
  declineRecommended: 'Decline recommended: {reason}',
  'decline.approve': 'Confirm decline',
  'decline.reject': 'Do not confirm',
} as const;

export type TextKey = keyof typeof EN;

const HI: Record<TextKey, string> = {
  title: 'अनुमोदन शृंखला',
  loading: 'अनुमोदन लोड हो रहे हैं…',
  failed: 'अनुमोदन लोड नहीं हो सके।',
  retry: 'फिर से कोशिश करें',
  empty: 'इस आवेदन के लिए कोई अनुमोदन नहीं माँगा गया है।',
  level: 'स्तर',
  approver: 'अनुमोदक',
  state: 'स्थिति',
  decidedBy: 'द्वारा',
  when: 'कब',
  comment: 'टिप्पणी',
  actions: 'कार्रवाइयाँ',
  round: 'दौर {round}',
  levelOf: '{levels} में से {level}',
  forwardedTo: '{user} को भेजा गया',
  escalatedTo: '{user} को आगे बढ़ाया गया: {reason}',
  maker: '{maker} द्वारा प्रस्तुत',
  exceptionsTitle: 'उठाए गए अपवाद',
  'state.PENDING': 'लंबित',
  'state.APPROVED': 'स्वीकृत',
  'state.REJECTED': 'अस्वीकृत',
  'state.SENT_BACK': 'वापस भेजा गया',
  'state.WITHDRAWN': 'वापस लिया गया',
  'state.WAITING': 'प्रतीक्षा में',
  'action.approve': 'स्वीकृत करें',
  'action.reject': 'अस्वीकार करें',
  'action.forward': 'आगे भेजें',
  'action.send_back': 'वापस भेजें',
  commentLabel: 'टिप्पणी (वैकल्पिक)',
  reasonLabel: 'कारण',
  forwardTo: 'इन्हें भेजें',
  choose: 'अनुमोदक चुनें',
  confirm: 'पुष्टि करें: {action}',
  cancel: 'रद्द करें',
  done: '{action}: हो गया',
  declineRecommended: 'अस्वीकृति की सिफ़ारिश: {reason}',
  'decline.approve': 'अस्वीकृति की पुष्टि करें',
  'decline.reject': 'पुष्टि न करें',
};

export const APPROVAL_TEXTS: Record<'en' | 'hi', Record<TextKey, string>> = { en: EN, hi: HI };

export type ApprovalT = (key: TextKey, params?: Record<string, string | number>) => string;

export function useApprovalT(): ApprovalT {
  const t = useT();
  const lang = useLanguage();
  const texts = lang.startsWith('hi') ? HI : EN;
  return (key, params) => t(`areas.tasks.approvals.${key}`, params, texts[key]);
}
