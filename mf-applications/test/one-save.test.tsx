import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ApplicationSummary } from '../src/features/detail/components/application-summary';
import { clearRemoteCache } from '../src/features/detail/components/remote-slot';
import { useFormEdits, type CollectResult } from '../src/features/detail/hooks/use-form-edits';

const text = (key: string, label: string) => ({ key, label, field_type_details: { type: 'text' } });
const flow = {
  flowId: 'PL', flowName: 'PL', verNum: 243, mode: 'SAVED', flowType: 'CUST_FLOW',
  sections: [
    { sectionId: 'A', name: 'Applicant details', routeName: 'a', subSections: [{ subSectionId: 'A1', name: 'Personal', routeName: 'a1', fields: [text('firstName', 'First name'), text('lastName', 'Last name'), text('nickname', 'Nickname')] }] },
    { sectionId: 'E', name: 'Employment', routeName: 'e', subSections: [{ subSectionId: 'E1', name: 'Employer', routeName: 'e1', fields: [text('employerName', 'Employer name')] }] },
  ],
} as never;
const stored = { firstName: 'Asha', lastName: 'Rao', nickname: 'Ash', employerName: 'Old Co' };

type Sub = { subSectionId: string };
type Check = { current: ((o?: { focus?: boolean; only?: readonly string[] }) => Record<string, unknown> | null) | null };
const checkedKeys: (readonly string[] | undefined)[] = [];

/**
 * A stand-in for the portal's SectionForm: a text box per field; with hideSave it renders no button and answers
 * the host's check (failing while a box says "bad"); without it, it would show its own Save (the old page).
 */
function FakeSectionForm({ sub, initialValues, hideSave, checkRef, onValuesChange }: { sub: Sub & { fields: { key: string; label: string }[] }; initialValues: Record<string, unknown>; hideSave?: boolean; checkRef?: Check; onValuesChange(v: Record<string, unknown>): void }) {
  const [vals, setVals] = useState(initialValues);
  if (checkRef)
    checkRef.current = ({ only } = {}) => {
      checkedKeys.push(only);
      return (only ?? Object.keys(vals)).some((k) => vals[k] === 'bad') ? null : Object.fromEntries(sub.fields.map((f) => [f.key, vals[f.key] ?? null]));
    };
  return (
    <div>
      {sub.fields.map((f) => (
        <label key={f.key}>
          {f.label}
          <input
            value={String(vals[f.key] ?? '')}
            onChange={(e) => {
              const next = { ...vals, [f.key]: e.target.value };
              if (e.target.value === '') delete next[f.key]; // final-form drops an emptied field
              setVals(next);
              onValuesChange(next);
            }}
          />
        </label>
      ))}
      {!hideSave && <button type="submit">Save this sub-section</button>}
    </div>
  );
}

function Page({ onCollect }: { onCollect(r: CollectResult): void }) {
  const edits = useFormEdits(stored);
  const [editing, setEditing] = useState<ReadonlySet<string>>(new Set());
  return (
    <>
      <button type="button" disabled={!edits.dirty} onClick={() => onCollect(edits.collect())}>
        Save
      </button>
      <ApplicationSummary applicationId="APP-1" flow={{ status: 'ready', flow }} values={stored} editable editing={editing} onEdit={(id) => setEditing((p) => new Set([...p, id]))} register={edits.register} report={edits.report} loader={async () => ({ SectionForm: FakeSectionForm })} />
    </>
  );
}

beforeEach(() => {
  clearRemoteCache();
  checkedKeys.length = 0;
});

test('two sections edited, one Save: one set of changes (an emptied field as null), no save button per sub-section', async () => {
  const results: CollectResult[] = [];
  render(<Page onCollect={(r) => results.push(r)} />);
  expect(screen.getByTestId('value-lastName').textContent).toBe('Rao');
  expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Edit Applicant details' }));
  fireEvent.click(screen.getByRole('button', { name: 'Edit Employment' }));
  fireEvent.change(await screen.findByLabelText('Last name'), { target: { value: 'Edited' } });
  fireEvent.change(screen.getByLabelText('Nickname'), { target: { value: '' } });
  fireEvent.change(screen.getByLabelText('Employer name'), { target: { value: 'Acme' } });
  expect(screen.queryByRole('button', { name: 'Save this sub-section' })).toBeNull();
  expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  act(() => screen.getByRole('button', { name: 'Save' }).click());
  expect(results).toEqual([{ ok: true, changes: { lastName: 'Edited', nickname: null, employerName: 'Acme' } }]);
  // Each form was checked over the fields changed in it, not over the customer's other answers.
  expect(checkedKeys).toEqual([['lastName', 'nickname'], ['employerName']]);
});

test("a form whose check fails stops the one Save: nothing is collected to send", async () => {
  const results: CollectResult[] = [];
  render(<Page onCollect={(r) => results.push(r)} />);
  fireEvent.click(screen.getByRole('button', { name: 'Edit Applicant details' }));
  fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'bad' } });
  act(() => screen.getByRole('button', { name: 'Save' }).click());
  expect(results[0].ok).toBe(false);
  expect(checkedKeys).toEqual([['firstName']]);
});

test('changing a field back to what is stored leaves nothing to save', async () => {
  render(<Page onCollect={() => {}} />);
  fireEvent.click(screen.getByRole('button', { name: 'Edit Applicant details' }));
  const last = await screen.findByLabelText('Last name');
  fireEvent.change(last, { target: { value: 'X' } });
  expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  fireEvent.change(last, { target: { value: 'Rao' } });
  expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
});
