import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import type { FieldConfig } from '@lendline/shared/form-engine';
import { FieldRenderer } from '../src/features/fields/field-renderer';
import { FieldServicesContext, type FieldServices } from '../src/features/fields/field-services';

/** A field (or any children) inside a react-final-form form, with optional services. */
export function renderInForm(
  content: FieldConfig | ReactNode,
  opts: { initialValues?: Record<string, unknown>; services?: Partial<FieldServices> } = {},
) {
  let values: Record<string, unknown> = {};
  const utils = render(
    <FieldServicesContext.Provider value={{ applicantType: 'primary', ...opts.services }}>
      <Form onSubmit={() => undefined} initialValues={opts.initialValues} subscription={{}}>
        {({ form }) => {
          form.subscribe((s) => (values = s.values), { values: true });
          return <form>{isField(content) ? <FieldRenderer field={content} /> : content}</form>;
        }}
      </Form>
    </FieldServicesContext.Provider>,
  );
  return { ...utils, values: () => values };
}

function isField(x: unknown): x is FieldConfig {
  return !!x && typeof x === 'object' && 'field_type_details' in (x as object);
}

export const f = (key: string, label: string, type: string, details: Record<string, unknown> = {}, extra: Partial<FieldConfig> = {}): FieldConfig =>
  ({ key, label, ...extra, field_type_details: { type, ...details } }) as FieldConfig;
