import type { FlowConfig } from '../../src/form-engine';

/** A personal-loan-like flow exercising every skip flag. */
export const flow: FlowConfig = {
  flowId: 'PL-FLOW',
  flowName: 'Personal loan',
  verNum: 243,
  mode: 'SAVED',
  flowType: 'CUST_FLOW',
  sections: [
    {
      sectionId: 'S1',
      name: 'Start',
      routeName: 'start',
      subSections: [
        { subSectionId: 'otp', routeName: 'existing-otp', isExistingCustomerOtp: true },
        { subSectionId: 'basic', routeName: 'basic' },
        { subSectionId: 'newOnly', routeName: 'kyc', skipForExistingCustomer: true },
        { subSectionId: 'existingOnly', routeName: 'relationship', skipForNewCustomer: true },
      ],
    },
    {
      sectionId: 'S2',
      name: 'Applicants',
      routeName: 'applicants',
      subSections: [
        { subSectionId: 'dedupe', routeName: 'dedupe', isDedupe: true },
        { subSectionId: 'coApplicants', routeName: 'co-applicants', skipForSingle: true },
        { subSectionId: 'singleOnly', routeName: 'single-declaration', skipForJoint: true },
        { subSectionId: 'notPrimary', routeName: 'relation-to-primary', disabledForPrimary: true },
        { subSectionId: 'loanDetails', routeName: 'loan', isSingle: true },
        { subSectionId: 'guarantorOnly', routeName: 'guarantee', applicantTypes: ['guarantor'] },
      ],
    },
    {
      sectionId: 'S3',
      name: 'Documents',
      routeName: 'documents',
      subSections: [
        { subSectionId: 'custom', routeName: 'ignored', isCustom: true },
        { subSectionId: 'customNamed', routeName: 'ignored', isCustom: true, customRoute: 'capture_2' },
        { subSectionId: 'disabled', routeName: 'never', hide: true },
      ],
    },
    { sectionId: 'S4', name: 'Summary', routeName: 'summary', isSummary: true, subSections: [{ subSectionId: 'summary', routeName: 'summary' }] },
  ],
};
