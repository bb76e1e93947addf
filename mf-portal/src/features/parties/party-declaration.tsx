import { useT } from '@lendline/shared';

/** The answer key the server checks on a party's submit (domain/portal/parties.ts PARTY_DECLARATION). */
export const PARTY_DECLARATION = 'partyDeclaration';

/**
 * A co-applicant's or guarantor's own declaration, on the step they sign from (issue 28): the review step with the
 * primary's declaration is not theirs. Sent with their signature; the server refuses their submit without it.
 */
export function PartyDeclaration({ checked, onChange, missing }: { checked: boolean; onChange(v: boolean): void; missing: boolean }) {
  const t = useT();
  return (
    <div className="ll-field" data-testid="party-declaration">
      <label>
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-invalid={missing || undefined} aria-describedby={missing ? 'll-party-declaration-error' : undefined} />{' '}
        {t('parties.declaration.label', undefined, 'I confirm the information I have given is true')}
      </label>
      {missing && (
        <p id="ll-party-declaration-error" className="ll-field-error" role="alert">
          {t('parties.declaration.required', undefined, 'Confirm that the information you have given is true')}
        </p>
      )}
    </div>
  );
}
