import type { FlowConfig } from '@lendline/shared/contract';
import { amount, email, field, mobile, options } from './field-builders';
import { applicantSection, documentsSection, loanRequirementFields, reviewSection } from './common-sections';

export const BL_PURPOSES = ['Working capital', 'Machinery', 'Expansion', 'Inventory', 'Refinance'];

/** Business loan: the business, its promoters, three years of financials (financial_table), seven sections. */
export const businessLoanFlow: FlowConfig = {
  flowId: 'BL_FLOW',
  flowName: 'Business Loan Application',
  verNum: 243,
  mode: 'SAVED',
  flowType: 'CUST_FLOW',
  product_code: 'BL',
  startRoute: 'applicant/personal_info',
  custom_route: 'capture_1',
  sections: [
    applicantSection('BL'),
    {
      sectionId: 'BL_business',
      name: 'Business',
      routeName: 'business',
      order: 2,
      subSections: [
        {
          subSectionId: 'BL_business_details',
          name: 'Business details',
          routeName: 'business_details',
          isSingle: true,
          components: [
            {
              componentId: 'BL_BUSINESS',
              fields: [
                field('businessName', 'Registered business name', 'text', { mandatory: true }),
                field('constitution', 'Constitution', 'dropdown', { mandatory: true, property: 'constitution', property_type: 'DROPDOWN', internal_list: options('Proprietorship', 'Partnership', 'LLP', 'Private limited') }),
                field('incorporationDate', 'Date of incorporation', 'date', { mandatory: true, property: 'BETWEEN_DAYS', min_value: '-50 Year', max_value: '-1 Year' }),
                field('gstin', 'GSTIN', 'text', { mandatory: true, regex: '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$', verification_field: 'GST' }),
                field('msmeRegistered', 'MSME registered', 'toggle', { mandatory: false }),
                email('businessEmail', 'Business email'),
              ],
            },
          ],
        },
      ],
    },
    {
      sectionId: 'BL_promoters',
      name: 'Promoters',
      routeName: 'promoters',
      order: 3,
      subSections: [
        {
          subSectionId: 'BL_promoter_list',
          name: 'Promoters and guarantors',
          routeName: 'promoter_list',
          isSingle: true,
          components: [
            {
              componentId: 'BL_PROMOTERS',
              fields: [
                field('promoters', 'Promoters', 'multipleInputs', { mandatory: true, max_value: 5 }, {
                  fields: [field('promoterName', 'Name', 'text', { mandatory: true }), mobile('promoterMobile', 'Mobile'), field('shareholding', 'Shareholding %', 'text', { mandatory: true, interest_rate: true })],
                }),
              ],
            },
          ],
        },
      ],
    },
    {
      sectionId: 'BL_financials',
      name: 'Financials',
      routeName: 'financials',
      order: 4,
      subSections: [
        {
          subSectionId: 'BL_financial_statements',
          name: 'Financial statements',
          routeName: 'financial_statements',
          isSingle: true,
          components: [
            {
              componentId: 'BL_FINANCIALS',
              fields: [
                field('financialStatements', 'Profit and loss (last three years)', 'financial_table', { mandatory: true }, {
                  groupType: 'CONTAINER',
                  groupSubType: 'NESTED_TABLE',
                  addSection: true,
                  addRow: true,
                  fields: [
                    field('financialYear', 'Financial year', 'dropdown', { mandatory: true, internal_list: options('FY2023-24', 'FY2024-25', 'FY2025-26') }),
                    { ...amount('revenue', 'Revenue', 0, 99999999999), aggregation: 'SUM' },
                    { ...amount('expenses', 'Expenses', 0, 99999999999), aggregation: 'SUM' },
                    { ...amount('netProfit', 'Net profit', 0, 99999999999, false), aggregation: 'SUM' },
                  ],
                }),
                amount('annualTurnover', 'Annual turnover', 1000000, 9999999999),
              ],
            },
          ],
        },
      ],
    },
    {
      sectionId: 'BL_loan',
      name: 'Loan requirement',
      routeName: 'loan',
      order: 5,
      subSections: [{ subSectionId: 'BL_loan_details', name: 'Loan details', routeName: 'loan_details', isSingle: true, components: [{ componentId: 'BL_LOAN', fields: loanRequirementFields(100000, 50000000, 84, BL_PURPOSES) }] }],
    },
    documentsSection('BL', 6, ['bankStatements', 'gstReturns']),
    reviewSection('BL', 7),
  ],
};
