/**
 * The two demo tenants (§1: themed per tenant): Lendline in blue, NorthBank in green, each with
 * the §3 theme colours, a style theme and its own wording.
 */
export const TENANTS = [
  { id: 'lendline', name: 'Lendline' },
  { id: 'northbank', name: 'NorthBank' },
] as const;

const TYPOGRAPHY = { disable: '#9AA3B2', error: '#C62828', success: '#2E7D32' };

export const THEMES: Record<string, object> = {
  lendline: {
    primaryColor: '#1565C0',
    secondaryColor: '#00838F',
    backgroundColor: '#F4F6FB',
    surfaceColor: '#FFFFFF',
    typography: { primary: '#FFFFFF', secondary: '#FFFFFF', background: '#172033', surface: '#172033', ...TYPOGRAPHY },
    styleTheme: {
      fontFamily: "'Inter', 'Segoe UI', Roboto, sans-serif",
      background: { color: '#F4F6FB' },
      buttons: { background: '#1565C0', color: '#FFFFFF', borderRadius: '6px', fontSize: '14px', fontWeight: 600 },
      labels: { color: '#3A4660', fontSize: '13px', fontWeight: 500 },
      headings: { color: '#0D2A5C', fontSize: '22px', fontWeight: 700 },
      progressBar: { color: '#1565C0', background: '#D6E4F7' },
    },
  },
  northbank: {
    primaryColor: '#2E7D32',
    secondaryColor: '#F9A825',
    backgroundColor: '#F3F8F2',
    surfaceColor: '#FFFFFF',
    typography: { primary: '#FFFFFF', secondary: '#1B2610', background: '#1B2A1C', surface: '#1B2A1C', ...TYPOGRAPHY },
    styleTheme: {
      fontFamily: "'Source Sans 3', 'Segoe UI', Roboto, sans-serif",
      background: { color: '#F3F8F2' },
      buttons: { background: '#2E7D32', color: '#FFFFFF', borderRadius: '20px', fontSize: '15px', fontWeight: 600 },
      labels: { color: '#34513A', fontSize: '14px', fontWeight: 500 },
      headings: { color: '#1B4D1F', fontSize: '24px', fontWeight: 700 },
      progressBar: { color: '#2E7D32', background: '#D5EBD6' },
    },
  },
};

/**
 * The grievance officer of each demo tenant (GLOBAL/GrievanceOfficer, domain/config/grievance.ts): Lendline's is the
 * shared row (the deployment's own lender, also what documents print), NorthBank's its own. Demo contacts only.
 */
export const GRIEVANCE_OFFICERS: { tenant: string; officer: { name: string; phone: string; email: string } }[] = [
  { tenant: '*', officer: { name: 'Meera Iyer', phone: '+91 22 4000 1100', email: 'grievance@lendline.example' } },
  { tenant: 'northbank', officer: { name: 'Arjun Mehta', phone: '+91 11 4000 2200', email: 'grievance@northbank.example' } },
];

export const STATIC_TEXT: Record<string, object> = {
  lendline: {
    appName: 'Lendline',
    loginHeading: 'Sign in to Lendline',
    loginSubheading: 'Loan origination for your branch team',
    portalHeading: 'Apply for a loan',
    portalSubheading: 'A few minutes, a clear decision',
    supportText: 'Need help? Call 1800 200 300',
    footerText: '© Lendline. All rights reserved.',
  },
  northbank: {
    appName: 'NorthBank Loans',
    loginHeading: 'Welcome to NorthBank',
    loginSubheading: 'Colleague sign-in',
    portalHeading: 'Borrow with NorthBank',
    portalSubheading: 'Your application, your pace',
    supportText: 'Questions? Our branches are here for you: 1800 111 222',
    footerText: '© NorthBank. Member of the Lendline network.',
  },
};
