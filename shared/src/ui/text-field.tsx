import { Input, Label, TextField as AriaTextField } from 'react-aria-components';
import { FieldHelp, type FieldTextProps } from './field-parts';
import { useKitStyles } from './styles';

export interface TextFieldProps extends FieldTextProps {
  value: string;
  onChange(value: string): void;
  /** The input's type: tel, email, … picks the phone's keyboard. */
  type?: 'text' | 'email' | 'tel' | 'url' | 'password' | 'search';
  inputMode?: 'text' | 'tel' | 'email' | 'numeric' | 'decimal' | 'url' | 'search';
  autoComplete?: string;
  name?: string;
  isDisabled?: boolean;
}

/** A labelled text input in the kit's look; label, description and error are associated for assistive tech. */
export function TextField({ label, value, onChange, type = 'text', inputMode, autoComplete, name, isRequired, isDisabled, description, errorMessage, testId }: TextFieldProps) {
  useKitStyles();
  return (
    <AriaTextField className="ll-ui-field" value={value} onChange={onChange} type={type} name={name} autoComplete={autoComplete} isRequired={isRequired} isDisabled={isDisabled} isInvalid={errorMessage ? true : undefined}>
      <Label>{label}</Label>
      <Input className="ll-ui-input" inputMode={inputMode} data-testid={testId} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
