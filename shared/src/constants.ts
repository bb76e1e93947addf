/** Business constants and limits of §9. Every part reads them from here, never from literals. */
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const GRID_PAGE_SIZES = [6, 9, 27, 51, 99] as const;
export const GLOBAL_SEARCH_PAGE_SIZE = 10;

export const MAX_FILE_SIZE_BYTES = 10485760;
export const DEFAULT_DATE_FORMAT = 'DD/MM/YYYY';
export const DEFAULT_TIME_FORMAT = 'hh:mm:ss';
export const DEFAULT_CURRENCY = 'INR';

export const MAX_AMOUNT_INTEGER_DIGITS = 10;
export const MAX_INTEREST_RATE = 99.99;
export const RANGE_MIN = 0;
export const RANGE_MAX = 100;

export const VIDEO_MAX_PUBLISHERS = 2;
export const VIDEO_BITRATE_POLL_MS = 1000;
export const QUESTION_TOAST_TIMEOUT_MS = 20000;

export const VALID_SESSION_TIME_S = 900;
export const SESSION_WARNING_BEFORE_S = 300;
/** The warning is scheduled only when expires_in is at least this many seconds. */
export const SESSION_WARNING_MIN_EXPIRES_IN_S = 900;
/** Not in §9: while the officer is active, the session is refreshed at most once per this many seconds. */
export const SESSION_ACTIVITY_REFRESH_S = 60;

export const SPINNER_TIMEOUT_MS = 60000;
export const NOTIFICATION_ALERT_THROTTLE_MS = 1500;
export const TOAST_POSITION = 'top-center' as const;

export const ENCRYPTION_FLAGS = { password: true, request: true, adminApi: true } as const;

export const DEFAULT_FLOW_VERSION = 243;
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_CUSTOM_ROUTE = 'capture_1';

export const TEMPLATE_TYPES = ['PDF', 'SMS', 'HTML', 'EMAIL'] as const;
export const NOTIFICATION_TYPES = ['ASSIGNED', 'FOLLOWED', 'TEAM'] as const;
export const APPLICANT_TYPES = ['primary', 'secondary', 'guarantor'] as const;
export const SHADE_LEVELS = [100, 200, 300, 500, 700, 900] as const;

/** Export file names: `<list>_export_<timestamp>.xlsx`. */
export const EXPORT_SUFFIX = '_export';
