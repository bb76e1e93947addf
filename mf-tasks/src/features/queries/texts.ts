import { useCallback } from 'react';
import { useLanguage } from '@lendline/shared';

/** The Raise a query and Ask the applicant dialogs' texts in every language of the product (en, hi). */
const EN = {
  raiseTitle: 'Raise a query',
  requestTitle: 'Ask the applicant',
  to: 'To',
  find: 'Find a person or team',
  findHint: 'Type part of a name. Only people who may open this application and answer a query are listed.',
  searching: 'Searching…',
  noMatch: 'Nobody who may receive this query matches "{search}".',
  people: 'People',
  teams: 'Teams',
  chosen: 'To: {name}',
  change: 'Change',
  subject: 'Question',
  description: 'Details (optional)',
  aboutFields: 'About fields (optional)',
  aboutDocuments: 'About documents (optional)',
  raise: 'Raise query',
  raised: 'Query raised',
  cancel: 'Cancel',
  loading: 'Loading…',
  requestHelp: 'The applicant gets a link that opens only what you pick. The SLA clock is paused until they answer.',
  pickFields: 'Fields',
  pickDocuments: 'Documents',
  message: 'Message to the applicant',
  sendRequest: 'Send request',
  requestSent: 'Request sent to the applicant',
};
export type QueryTextKey = keyof typeof EN;

const HI: Record<QueryTextKey, string> = {
  raiseTitle: 'प्रश्न उठाएँ',
  requestTitle: 'आवेदक से पूछें',
  to: 'किसे',
  find: 'व्यक्ति या टीम खोजें',
  findHint: 'नाम का कोई भाग लिखें। केवल वे लोग दिखते हैं जो यह आवेदन खोल सकते हैं और प्रश्न का उत्तर दे सकते हैं।',
  searching: 'खोज रहे हैं…',
  noMatch: '"{search}" से मेल खाता कोई ऐसा व्यक्ति नहीं है जिसे यह प्रश्न भेजा जा सके।',
  people: 'लोग',
  teams: 'टीमें',
  chosen: 'किसे: {name}',
  change: 'बदलें',
  subject: 'प्रश्न',
  description: 'विवरण (वैकल्पिक)',
  aboutFields: 'किन फ़ील्ड के बारे में (वैकल्पिक)',
  aboutDocuments: 'किन दस्तावेज़ों के बारे में (वैकल्पिक)',
  raise: 'प्रश्न उठाएँ',
  raised: 'प्रश्न उठाया गया',
  cancel: 'रद्द करें',
  loading: 'लोड हो रहा है…',
  requestHelp: 'आवेदक को एक लिंक मिलता है जो केवल वही खोलता है जो आप चुनते हैं। उनके उत्तर देने तक SLA घड़ी रुकी रहती है।',
  pickFields: 'फ़ील्ड',
  pickDocuments: 'दस्तावेज़',
  message: 'आवेदक के लिए संदेश',
  sendRequest: 'अनुरोध भेजें',
  requestSent: 'अनुरोध आवेदक को भेजा गया',
};

export const QUERY_TEXTS: Record<'en' | 'hi', Record<QueryTextKey, string>> = { en: EN, hi: HI };

export type QueryT = (key: QueryTextKey, params?: Record<string, string | number>) => string;

export function useQueryT(): QueryT {
  const lang = useLanguage();
  return useCallback(
    (key, params = {}) => (lang === 'hi' ? HI : EN)[key].replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m)),
    [lang],
  );
}
