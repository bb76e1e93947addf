import type { FlowConfig } from '@lendline/shared/contract';
import { amount, field, options } from './field-builders';
import { applicantSection, documentsSection, employmentSection, loanRequirementFields, reviewSection } from './common-sections';

export const HL_PURPOSES = ['Purchase', 'Construction', 'Plot and construction', 'Balance transfer', 'Extension'];

/**
 * Home loan: up to three co-applicants, a property section whose details hide while the property
 * is not finalised (§5 page rule isPropertyFinalized = No), seven sections.
 */
export const homeLoanFlow: FlowConfig = {
  flowId: 'HL_FLOW',
  flowName: 'Home Loan Application',
  verNum: 243,
  mode: 'SAVED',
  flowType: 'CUST_FLOW',
  product_code: 'HL',
  startRoute: 'applicant/personal_info',
  custom_route: 'capture_1',
  sections: [
    applicantSection('HL'),
    {
      sectionId: 'HL_loan',
      name: 'Loan requirement',
      routeName: 'loan',
      order: 2,
      subSections: [{ subSectionId: 'HL_loan_details', name: 'Loan details', routeName: 'loan_details', isSingle: true, components: [{ componentId: 'HL_LOAN', fields: loanRequirementFields(500000, 100000000, 360, HL_PURPOSES) }] }],
    },
    {
      sectionId: 'HL_property',
      name: 'Property',
      routeName: 'property',
      order: 3,
      subSections: [
        {
          subSectionId: 'HL_property_details',
          name: 'Property details',
          routeName: 'property_details',
          isSingle: true,
          components: [
            {
              componentId: 'HL_PROPERTY',
              fields: [
                field('isPropertyFinalized', 'Have you finalised the property?', 'radio', { mandatory: true, property: 'isPropertyFinalized', property_type: 'RADIO', internal_list: options('Yes', 'No'), defaultValue: 'No' }),
                field('propertyType', 'Property type', 'dropdown', { mandatory: true, property: 'propertyType', property_type: 'DROPDOWN', internal_list: options('Apartment', 'Independent house', 'Villa', 'Plot') }, { groupKey: 'propertyDetails' }),
                amount('propertyValue', 'Property value', 500000, 500000000),
                field('propertyAddress', 'Property address', 'textarea', { mandatory: true }, { groupKey: 'propertyDetails' }),
                field('builderName', 'Builder or seller', 'text', { mandatory: false }, { groupKey: 'propertyDetails' }),
                field('propertyPinCode', 'PIN code', 'text', { mandatory: true, regex: '^[1-9][0-9]{5}$' }, { groupKey: 'propertyDetails' }),
                // Microflow PINCODE_LOOKUP (table microflows, reference table pincodes) fills city, district and state.
                field('lookupPinCode', 'Find city and state', 'button', { microflow: 'PINCODE_LOOKUP' }, { groupKey: 'propertyDetails' }),
                field('propertyCity', 'City', 'text', { mandatory: false }, { groupKey: 'propertyDetails' }),
                field('propertyDistrict', 'District', 'text', { mandatory: false }, { groupKey: 'propertyDetails' }),
                field('propertyState', 'State', 'text', { mandatory: false }, { groupKey: 'propertyDetails' }),
              ],
              ruleConfigs: [
                // §5: the special case of isPropertyFinalized = No hides the property's particulars.
                { type: 'CONDITIONAL_HIDE', fields: ['propertyValue'], groups: ['propertyDetails'], and: [{ key: 'isPropertyFinalized', operator: 'EQUAL', value: 'No' }] },
              ],
            },
          ],
        },
      ],
    },
    employmentSection('HL', 4),
    {
      sectionId: 'HL_co_applicants',
      name: 'Co-applicants',
      routeName: 'co_applicants',
      order: 5,
      subSections: [
        {
          subSectionId: 'HL_co_applicant_list',
          name: 'Co-applicants',
          routeName: 'co_applicant_list',
          skipForSingle: true,
          isSingle: true,
          components: [
            {
              componentId: 'HL_CO_APPLICANTS',
              fields: [
                field('coApplicants', 'Co-applicants', 'multipleInputs', { mandatory: true, max_value: 3 }, {
                  fields: [
                    field('coApplicantName', 'Name', 'text', { mandatory: true }),
                    field('relationship', 'Relationship', 'dropdown', { mandatory: true, internal_list: options('Spouse', 'Parent', 'Sibling', 'Child') }),
                    amount('coApplicantIncome', 'Monthly income', 0, 9999999999, false),
                  ],
                }),
              ],
            },
          ],
        },
      ],
    },
    documentsSection('HL', 6, ['propertyDocuments']),
    reviewSection('HL', 7),
  ],
};
