import type { Requestable } from './api';

/** Checkboxes over fields or documents of the application, by their labels in the flow (issue 26: not their keys). */
export function PickList({ legend, items, picked, onChange }: { legend: string; items: Requestable[]; picked: string[]; onChange(next: string[]): void }) {
  if (!items.length) return null;
  return (
    <fieldset className="ll-pick-list">
      <legend>{legend}</legend>
      {items.map((f) => (
        <label key={f.key} data-field={f.key}>
          <input
            type="checkbox"
            value={f.key}
            checked={picked.includes(f.key)}
            onChange={(e) => onChange(e.target.checked ? [...picked, f.key] : picked.filter((k) => k !== f.key))}
          />{' '}
          {f.label}
        </label>
      ))}
    </fieldset>
  );
}
