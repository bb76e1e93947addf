import { FieldError, Label, Text, TextArea as AriaTextArea, TextField as AriaTextField } from 'react-aria-components';
import { type FieldTextProps } from './field-parts';
import { useKitStyles } from './styles';

export interface TextAreaProps extends FieldTextProps {
  value: string;
  onChange(value: string): void;
  /** The most characters the field takes (the server's bound): the field stops there and shows a live count. */
  maxLength?: number;
  rows?: number;
  name?: string;
  isDisabled?: boolean;
}

/**
 * A labelled multi-line field in the kit's look (notes, reasons, comments on staff screens). Where a limit exists the
 * count ("12/500") sits in the field's description, so it is read with the field rather than announced on every
 * keystroke; the browser's own maxLength stops typing at the limit. Digits and a slash need no translation, which
 * keeps the kit free of a language store.
 */
export function TextArea({ label, value, onChange, maxLength, rows = 3, name, isRequired, isDisabled, description, errorMessage, testId }: TextAreaProps) {
  useKitStyles();
  return (
    <AriaTextField className="ll-ui-field" value={value} onChange={onChange} name={name} maxLength={maxLength} isRequired={isRequired} isDisabled={isDisabled} isInvalid={errorMessage ? true : undefined}>
      <Label>{label}</Label>
      <AriaTextArea className="ll-ui-input ll-ui-textarea" rows={rows} data-testid={testId} />
      {(description || maxLength) && (
        <Text slot="description" className="ll-ui-help ll-ui-textarea__help">
          {description && <span>{description}</span>}
          {maxLength && (
            <span className="ll-ui-textarea__count" data-testid={testId ? `${testId}-count` : undefined}>
              {value.length}/{maxLength}
            </span>
          )}
        </Text>
      )}
      <FieldError className="ll-ui-error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
