import { fieldLabel } from '@lendline/shared/form-engine';
import type { FieldProps } from './field-props';
import { summaryRows } from './summary-values';
import { useSummarySource } from './summary-context';
import { useT } from '@lendline/shared';

/**
 * A collapsible panel. With summaryEnabled it lists the applicant's answers section by section (the review
 * page), each section its own <details> so a long application stays short on a phone. <details>/<summary>
 * are keyboard- and reader-friendly without scripts.
 */
export function AccordionField({ field }: FieldProps) {
  const t = useT();
  const source = useSummarySource();
  const text = field.field_type_details.content as string | undefined;
  if (!field.summaryEnabled) {
    return (
      <details className="ll-accordion" data-field={field.key}>
        <summary>{fieldLabel(field)}</summary>
        <p>{text ?? ''}</p>
      </details>
    );
  }
  const sections = (source?.sections ?? []).map((s) => ({ name: s.name, rows: summaryRows(s.fields, source!.values) })).filter((s) => s.rows.length);
  return (
    <section className="ll-summary" data-field={field.key} aria-label={fieldLabel(field)}>
      <h3>{fieldLabel(field)}</h3>
      {sections.length === 0 && <p className="ll-muted">{t('portal.fields.summaryEmpty', undefined, 'Nothing saved yet.')}</p>}
      {sections.map((s, i) => (
        <details key={s.name + i} className="ll-accordion" open={i === 0}>
          <summary>{s.name}</summary>
          <dl className="ll-summary__list">
            {s.rows.map((r) => (
              <div key={r.key}>
                <dt>{r.label}</dt>
                <dd>{r.value}</dd>
              </div>
            ))}
          </dl>
        </details>
      ))}
    </section>
  );
}
