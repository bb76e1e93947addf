import { FieldError, Input, Label, Text, TextField as AriaTextField } from 'react-aria-components';
import { useKitStyles } from './styles';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The input's type: tel, email, … picks the phone's keyboard. */
  type?: 'text' | 'email' | 'tel' | 'url' | 'password' | 'search';
  inputMode?: 'text' | 'tel' | 'email' | 'numeric' | 'decimal' | 'url' | 'search';
  autoComplete?: string;
  name?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  description?: string;
  /** Shown under the field and wired with aria-describedby and aria-invalid. */
  errorMessage?: string;
  testId?: string;
}

/** A labelled text input in the kit's look; label, description and error are associated for assistive tech. */
export function TextField({ label, value, onChange, type = 'text', inputMode, autoComplete, name, isRequired, isDisabled, description, errorMessage, testId }: TextFieldProps) {
  useKitStyles();
  return (
    <AriaTextField className="ll-ui-field" value={value} onChange={onChange} type={type} name={name} autoComplete={autoComplete} isRequired={isRequired} isDisabled={isDisabled} isInvalid={errorMessage ? true : undefined}>
      <Label>{label}</Label>
      <Input className="ll-ui-input" inputMode={inputMode} data-testid={testId} />
      {description && (
        <Text slot="description" className="ll-ui-help">
          {description}
        </Text>
      )}
      <FieldError className="ll-ui-error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
