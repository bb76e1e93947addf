// The kit fields' common pieces. Internal: not exported from index.ts (the './ui' entry's names are the shared
// contract, scripts/shared-exports.mjs), only imported by the kit's own fields.
import {
  DateField as AriaDateField,
  DateInput,
  DateSegment,
  FieldError,
  I18nProvider,
  Label,
  Text,
  type DateFieldProps as AriaDateFieldProps,
  type DateValue,
} from 'react-aria-components';

/** What every kit field takes besides its value: the label, description and error associated for assistive tech. */
export interface FieldTextProps {
  label: string;
  isRequired?: boolean;
  description?: string;
  /** Shown under the field and wired with aria-describedby and aria-invalid. */
  errorMessage?: string;
  testId?: string;
}

/** The help text (when given) and the error under a field; react-aria wires both to the field. */
export function FieldHelp({ description, errorMessage }: Pick<FieldTextProps, 'description' | 'errorMessage'>) {
  return (
    <>
      {description && (
        <Text slot="description" className="ll-ui-help">
          {description}
        </Text>
      )}
      <FieldError className="ll-ui-error">{errorMessage}</FieldError>
    </>
  );
}

/** hi-IN on a Hindi page (see DateField), en-GB otherwise. */
const localeOfPage = () => (typeof document !== 'undefined' && document.documentElement.lang === 'hi' ? 'hi-IN' : 'en-GB');

type SegmentedDateFieldProps<T extends DateValue> = Omit<FieldTextProps, 'isRequired'> & Omit<AriaDateFieldProps<T>, 'className' | 'children' | 'isInvalid'>;

/**
 * The segment rendering DateField and DateTimeField share: react-aria's DateField in the page's locale (localeOfPage),
 * its label, the typed segments, the description and the error. The callers choose the value type and granularity.
 */
export function SegmentedDateField<T extends DateValue>({ label, description, errorMessage, testId, ...field }: SegmentedDateFieldProps<T>) {
  return (
    <I18nProvider locale={localeOfPage()}>
      <AriaDateField className="ll-ui-field" {...field} isInvalid={errorMessage ? true : undefined} data-testid={testId}>
        <Label>{label}</Label>
        <DateInput className="ll-ui-date">{(segment) => <DateSegment segment={segment} />}</DateInput>
        <FieldHelp description={description} errorMessage={errorMessage} />
      </AriaDateField>
    </I18nProvider>
  );
}
