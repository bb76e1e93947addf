import type { ComponentType } from 'react';
import type { FieldConfig, FieldType } from '@lendline/shared/form-engine';
import { isContainerField } from '@lendline/shared/form-engine';
import type { FieldProps } from './field-props';
import { AccordionField } from './accordion-field';
import { ButtonField } from './button-field';
import { CheckboxField } from './checkbox-field';
import { ContainerField } from './container-field';
import { CounterField } from './counter-field';
import { DateField } from './date-field';
import { DropdownField } from './dropdown-field';
import { FileUploadHubField } from './file-upload-hub-field';
import { FinancialTableField } from './financial-table-field';
import { GaugeChartField } from './gauge-chart-field';
import { MultipleInputsField } from './multiple-inputs-field';
import { OtpField } from './otp-field';
import { PasswordField } from './password-field';
import { RadioField } from './radio-field';
import { RangeField } from './range-field';
import { SignaturePadField } from './signature-pad-field';
import { SliderField } from './slider-field';
import { TabsField } from './tabs-field';
import { TextField } from './text-field';
import { TextareaField } from './textarea-field';
import { TimerField } from './timer-field';
import { ToggleField } from './toggle-field';
import { LoanCostField } from './loan-cost-field';

/** One component per §3 field type. */
export const FIELD_COMPONENTS: Record<FieldType, ComponentType<FieldProps>> = {
  text: TextField,
  password: PasswordField,
  textarea: TextareaField,
  gauge_chart: GaugeChartField,
  date: DateField,
  checkbox: CheckboxField,
  toggle: ToggleField,
  fileUploadHub: FileUploadHubField,
  dropdown: DropdownField,
  range: RangeField,
  slider: SliderField,
  counter: CounterField,
  radio: RadioField,
  tabs: TabsField,
  button: ButtonField,
  financial_table: FinancialTableField,
  timer: TimerField,
  accordion: AccordionField,
  signaturePad: SignaturePadField,
  otp: OtpField,
  multipleInputs: MultipleInputsField,
};

/** The component for a configured field: containers first (any type can head a container), then by type. */
export function componentFor(field: FieldConfig): ComponentType<FieldProps> | null {
  if (isContainerField(field)) return ContainerField;
  // A field whose configuration asks for the loan's cost (issue 27): the priced terms, its value the EMI.
  if (field.field_type_details?.loan_cost) return LoanCostField;
  return FIELD_COMPONENTS[field.field_type_details?.type as FieldType] ?? null;
}

export function renderField(field: FieldConfig, name: string, disabled?: boolean) {
  const C = componentFor(field);
  if (!C) return <UnknownField key={name} field={field} />;
  return <C key={name} field={field} name={name} disabled={disabled} />;
}

/** A type this build does not know: said plainly (a newer configuration than the portal), never hidden. */
function UnknownField({ field }: { field: FieldConfig }) {
  return (
    <p className="ll-notice" data-field={field.key}>
      {field.label ?? field.key}: field type “{String(field.field_type_details?.type)}” is not supported by this version of the portal.
    </p>
  );
}
