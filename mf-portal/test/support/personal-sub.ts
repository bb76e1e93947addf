import type { FieldConfig, SubSection } from '@lendline/shared/form-engine';

/**
 * The personal-info sub-section the SectionForm tests render: one component holding the given fields, with the
 * property value hidden while "Property finalised?" (isPropertyFinalized) is No.
 */
export function personalSub(fields: FieldConfig[]): SubSection {
  return {
    subSectionId: 'PL_personal',
    routeName: 'personal_info',
    components: [
      {
        componentId: 'PERSONAL',
        fields,
        ruleConfigs: [{ type: 'CONDITIONAL_HIDE', fields: ['propertyValue'], or: [{ key: 'isPropertyFinalized', operator: 'EQUAL', value: 'No' }] }],
      },
    ],
  };
}
