import { memo } from 'react';
import type { FieldConfig } from '@lendline/shared/form-engine';
import { isFieldEditable, isSkippedIdentifier } from '@lendline/shared/form-engine';
import { useFieldServices } from './field-services';
import { renderField } from './render-field';
import { ChildFieldsContext } from './child-fields';
import { ensurePortalStyles } from '../../ui/portal-styles';

export interface FieldRendererProps {
  field: FieldConfig;
  /** Form name; the key when absent. */
  name?: string;
  /** Force read-only (e.g. a backstage form that is not editable, §4). */
  readOnly?: boolean;
}

/**
 * Renders one configured field inside a react-final-form <Form>. Exposed as './FieldRenderer' so the backstage
 * renders the same controls. Fields with identifier H are never rendered; fields not editable for the current
 * applicant type are shown read-only. Memoised: a parent re-render with the same config does not touch it.
 */
export const FieldRenderer = memo(function FieldRenderer({ field, name, readOnly }: FieldRendererProps) {
  ensurePortalStyles();
  const { applicantType } = useFieldServices();
  if (isSkippedIdentifier(field)) return null;
  const disabled = readOnly || !isFieldEditable(field, applicantType);
  // Containers render their children through the same renderer (child-fields.tsx says why it is passed down).
  return <ChildFieldsContext.Provider value={renderField}>{renderField(field, name ?? field.key, disabled)}</ChildFieldsContext.Provider>;
});

export default FieldRenderer;
