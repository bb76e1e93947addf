import type { ReactNode } from 'react';
import type { FieldConfig } from '@lendline/shared/form-engine';
import { fieldLabel, gridSizeToCss, isMandatory } from '@lendline/shared/form-engine';
import { fieldIds } from './field-ids';

interface Props {
  field: FieldConfig;
  name: string;
  error: string | null;
  /** Group controls (radio, tabs, range…) label themselves with a legend instead of a <label for>. */
  as?: 'label' | 'legend' | 'none';
  hint?: ReactNode;
  /** The control and its buttons in one row (.ll-inline), e.g. a password and Show, a code and Verify. */
  inline?: boolean;
  children: ReactNode;
}

/**
 * The box around every field: label (with the required mark), the control, an optional hint and the error
 * text that aria-describedby points at. Width follows displayConfigs (percentage, fit-content or auto); on a
 * narrow phone every field takes the full row (see portal styles).
 */
export function FieldFrame({ field, name, error, as = 'label', hint, inline, children }: Props) {
  const ids = fieldIds(name);
  const label = fieldLabel(field);
  const width = gridSizeToCss(field.field_type_details.displayConfigs?.width as string | undefined);
  const required = isMandatory(field) ? (
    <span className="ll-required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
  const body = (
    <>
      {hint && (
        <p className="ll-hint" id={ids.hint}>
          {hint}
        </p>
      )}
      {inline ? <div className="ll-inline">{children}</div> : children}
      {error && (
        <p className="ll-field-error" id={ids.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
  const style = width === 'auto' ? undefined : { flexBasis: width, maxWidth: width === 'fit-content' ? undefined : width, width };
  if (as === 'legend') {
    return (
      <fieldset className="ll-field ll-field--group" style={style} data-field={field.key}>
        <legend id={ids.label}>
          {label}
          {required}
        </legend>
        {body}
      </fieldset>
    );
  }
  return (
    <div className="ll-field" style={style} data-field={field.key}>
      {as === 'label' && (
        <label htmlFor={ids.input} id={ids.label}>
          {label}
          {required}
        </label>
      )}
      {body}
    </div>
  );
}
