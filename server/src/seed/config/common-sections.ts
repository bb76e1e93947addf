import type { Section } from '@lendline/shared/contract';
import { amount, email, field, mobile, options } from './field-builders';

/**
 * Sections every product flow shares: who the applicant is (with the existing-customer OTP step of
 * §2), documents and signature, and the review/declaration page. Ids are prefixed per product so
 * each flow owns its components.
 */
export function applicantSection(p: string): Section {
  return {
    sectionId: `${p}_applicant`,
    name: 'Applicant details',
    routeName: 'applicant',
    order: 1,
    subSections: [
      {
        subSectionId: `${p}_existing_login`,
        name: 'Existing customer login',
        routeName: 'existing_login',
        isExistingCustomerOtp: true,
        skipForNewCustomer: true,
        isSingle: true,
        components: [
          {
            componentId: `${p}_EXISTING_LOGIN`,
            fields: [
              field('customerId', 'Customer ID', 'text', { mandatory: true, regex: '^[A-Z0-9]{8}$' }),
              field('netBankingPassword', 'Net banking password', 'password', { mandatory: true }),
              field('existingCustomerOtp', 'One-time password', 'otp', { mandatory: true, recipient: 'mobile', length: 6 }),
            ],
          },
        ],
      },
      {
        subSectionId: `${p}_personal`,
        name: 'Personal information',
        routeName: 'personal_info',
        components: [
          {
            componentId: `${p}_PERSONAL`,
            fields: [
              // Latin as on the PAN, or Devanagari (letters and vowel signs) for an applicant who writes their name in Hindi.
              field('firstName', 'First name', 'text', { mandatory: true, regex: "^[A-Za-z\\u0900-\\u097F .'-]{1,40}$" }),
              field('lastName', 'Last name', 'text', { mandatory: true, regex: "^[A-Za-z\\u0900-\\u097F .'-]{1,40}$" }),
              field('dateOfBirth', 'Date of birth', 'date', { mandatory: true, property: 'BETWEEN_AGE', min_value: 21, max_value: 65, date_format: 'DD/MM/YYYY' }),
              field('gender', 'Gender', 'radio', { mandatory: true, property: 'gender', property_type: 'RADIO', internal_list: options('Female', 'Male', 'Other') }),
              mobile(),
              email(),
              field('panNumber', 'PAN', 'text', { mandatory: true, regex: '^[A-Z]{5}[0-9]{4}[A-Z]$', verification_field: 'PAN' }, { field_identifier: 'PI' }),
            ],
          },
        ],
      },
      {
        subSectionId: `${p}_mobile_otp`,
        name: 'Verify mobile',
        routeName: 'verify_mobile',
        // The label names the code, not its state: the field itself says "sent to ******1234" once a code is sent.
        components: [{ componentId: `${p}_MOBILE_OTP`, fields: [field('mobileOtp', 'One-time password (OTP)', 'otp', { mandatory: true, recipient: 'mobile', length: 6 })] }],
      },
    ],
  };
}

export function employmentSection(p: string, order: number): Section {
  return {
    sectionId: `${p}_employment`,
    name: 'Employment and income',
    routeName: 'employment',
    order,
    subSections: [
      {
        subSectionId: `${p}_employment_details`,
        name: 'Employment',
        routeName: 'employment_details',
        components: [
          {
            componentId: `${p}_EMPLOYMENT`,
            fields: [
              field('employmentType', 'Employment type', 'tabs', { mandatory: true, internal_list: options('Salaried', 'Self-employed', 'Professional') }),
              field('employerName', 'Employer name', 'text', { mandatory: true }),
              amount('monthlyIncome', 'Net monthly income', 10000, 9999999999),
              field('yearsInCurrentJob', 'Years in current job', 'counter', { mandatory: true, min_value: 0, max_value: 40, step: 1 }),
              field('references', 'References', 'multipleInputs', { mandatory: false, max_value: 2 }, {
                fields: [field('referenceName', 'Name', 'text', { mandatory: true }), mobile('referenceMobile', 'Mobile')],
              }),
            ],
            // §5 page rule: an employer is asked of salaried applicants only (hidden, so neither validated nor saved,
            // for the self-employed and professionals). Until a type is chosen the field shows, as most applicants are salaried.
            ruleConfigs: [{ type: 'CONDITIONAL_HIDE', fields: ['employerName'], and: [{ key: 'employmentType', operator: 'IN', value: ['Self-employed', 'Professional'] }] }],
          },
        ],
      },
    ],
  };
}

/** Labels the key's words would spell wrong ("Gst Returns"): the landing page lists them too (issue 28). */
const DOCUMENT_LABELS: Record<string, string> = { gstReturns: 'GST returns' };

export function documentsSection(p: string, order: number, extraDocs: string[] = []): Section {
  return {
    sectionId: `${p}_documents`,
    name: 'Documents',
    routeName: 'documents',
    order,
    subSections: [
      {
        subSectionId: `${p}_upload`,
        name: 'Upload documents',
        routeName: 'upload_documents',
        components: [
          {
            componentId: `${p}_DOCUMENTS`,
            fields: [
              field('kycDocuments', 'Identity and address proof', 'fileUploadHub', { mandatory: true, allowed_file_types: ['image', 'pdf'], documentCollectionMode: 'UPLOAD' }),
              field('incomeDocuments', 'Income proof (last 3 months)', 'fileUploadHub', { mandatory: true, allowed_file_types: ['pdf', 'xls', 'image'] }),
              // Papers an applicant often does not have at hand (property papers, statements): upload now or ask for a link.
              ...extraDocs.map((d) => field(d, DOCUMENT_LABELS[d] ?? d.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase()), 'fileUploadHub', { mandatory: false, documentCollectionMode: 'REQUEST' })),
            ],
          },
        ],
      },
      {
        subSectionId: `${p}_signature`,
        name: 'Signature',
        routeName: 'signature',
        // Every applicant signs their own part (co-applicants and guarantors too, through their own link).
        components: [{ componentId: `${p}_SIGNATURE`, fields: [field('applicantSignature', 'Sign here', 'signaturePad', { mandatory: true, displayConfigs: { height: 200, width: '100%' } })] }],
      },
    ],
  };
}

export function reviewSection(p: string, order: number): Section {
  return {
    sectionId: `${p}_review`,
    name: 'Review and submit',
    routeName: 'review',
    order,
    isSummary: true,
    subSections: [
      {
        subSectionId: `${p}_summary`,
        name: 'Summary',
        routeName: 'summary',
        isSingle: true,
        components: [
          {
            componentId: `${p}_SUMMARY`,
            fields: [
              field('applicationSummary', 'Your application', 'accordion', {}, { summaryEnabled: true, isSectionHeader: true }),
              field('eligibilityGauge', 'Eligibility score', 'gauge_chart', { min_value: 0, max_value: 900 }, { category: 'EXTERNAL', enable: false }),
              field('remarks', 'Anything else we should know?', 'textarea', { mandatory: false, max_value: 500 }),
              field('declaration', 'I confirm the information given is true', 'checkbox', { mandatory: true }),
              // Consents are records, one per purpose (the portal's consent step, domain/consent), not a flow answer.
              // Shown (no field_identifier 'H', which the renderer skips): the customer presses it.
              field('sanctionLetter', 'Download indicative sanction letter', 'button', { microflow: 'SANCTION_LETTER' }),
              field('submitApplication', 'Submit application', 'button', { action: 'SUBMIT' }, { field_identifier: 'H' }),
            ],
          },
        ],
      },
    ],
  };
}

export const loanRequirementFields = (min: number, max: number, maxTenure: number, purposes: string[]) => [
  amount('loanAmount', 'Loan amount', min, max),
  // The thumb starts at 12 months and that counts as the answer (defaultValue), so an untouched slider is never "required".
  field('tenureMonths', 'Tenure (months)', 'slider', { mandatory: true, min_value: 12, max_value: maxTenure, step: 12, defaultValue: 12 }),
  field('loanPurpose', 'Purpose of the loan', 'dropdown', { mandatory: true, property: 'loanPurpose', property_type: 'DROPDOWN', internal_list: options(...purposes) }),
  // The loan's cost while the applicant chooses (issue 27): the product's pricing for loanAmount and tenureMonths,
  // priced by the shared engine as they change (rate, EMI, fees, total payable, APR, schedule); its value is the EMI.
  field('estimatedEmi', 'What your loan costs', 'text', { mandatory: false, loan_cost: { amount: 'loanAmount', tenureMonths: 'tenureMonths' } }),
];
