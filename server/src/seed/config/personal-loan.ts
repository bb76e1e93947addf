import type { FlowConfig } from '@lendline/shared/contract';
import { applicantSection, documentsSection, employmentSection, loanRequirementFields, reviewSection } from './common-sections';

export const PL_PURPOSES = ['Wedding', 'Travel', 'Medical', 'Education', 'Home renovation', 'Debt consolidation'];

/** Personal loan: single or joint (one co-applicant), salaried-first, seven sections. */
export const personalLoanFlow: FlowConfig = {
  flowId: 'PL_FLOW',
  flowName: 'Personal Loan Application',
  verNum: 243,
  mode: 'SAVED',
  flowType: 'CUST_FLOW',
  product_code: 'PL',
  flowTheme: 'default',
  startRoute: 'applicant/personal_info',
  custom_route: 'capture_1',
  sections: [
    applicantSection('PL'),
    {
      sectionId: 'PL_loan',
      name: 'Loan requirement',
      routeName: 'loan',
      order: 2,
      subSections: [{ subSectionId: 'PL_loan_details', name: 'Loan details', routeName: 'loan_details', isSingle: true, components: [{ componentId: 'PL_LOAN', fields: loanRequirementFields(50000, 4000000, 60, PL_PURPOSES) }] }],
    },
    {
      sectionId: 'PL_co_applicant',
      name: 'Co-applicant',
      routeName: 'co_applicant',
      order: 3,
      subSections: [{ subSectionId: 'PL_co_applicant_details', name: 'Co-applicant', routeName: 'co_applicant_details', skipForSingle: true, isSingle: true, customRoute: 'capture_1', isCustom: true }],
    },
    employmentSection('PL', 4),
    documentsSection('PL', 5),
    {
      sectionId: 'PL_bank',
      name: 'Bank account',
      routeName: 'bank',
      order: 6,
      subSections: [
        {
          subSectionId: 'PL_disbursal_account',
          name: 'Disbursal account',
          routeName: 'disbursal_account',
          isSingle: true,
          components: [
            {
              componentId: 'PL_BANK',
              fields: [
                { key: 'accountNumber', label: 'Account number', enable: true, field_type_details: { type: 'text', mandatory: true, regex: '^[0-9]{9,18}$' } },
                { key: 'ifsc', label: 'IFSC', enable: true, field_type_details: { type: 'text', mandatory: true, regex: '^[A-Z]{4}0[A-Z0-9]{6}$' } },
              ],
            },
          ],
        },
      ],
    },
    reviewSection('PL', 7),
  ],
};
