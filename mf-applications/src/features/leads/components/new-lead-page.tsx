import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { CONFIG, eventBus, useConfigName, useServerData, useT } from '@lendline/shared';
import { useCurrentUser } from '../../../lib/use-current-user';
import { createLead, mayCreate, type NewLead } from '../../../api/leads';

interface Product {
  product_code: string;
  product_name: string;
}

const EMPTY: NewLead = { product_code: '', firstName: '', lastName: '', mobile: '', email: '', panNumber: '', preferredContact: 'PHONE', contactNotes: '', source_id: 'WALK_IN', campaign_id: '' };
const SOURCES = ['WALK_IN', 'PHONE_ENQUIRY', 'REFERRAL', 'CAMPAIGN', 'EVENT'] as const;
const SOURCE_LABELS: Record<(typeof SOURCES)[number], string> = { WALK_IN: 'Walk-in', PHONE_ENQUIRY: 'Phone enquiry', REFERRAL: 'Referral', CAMPAIGN: 'Campaign', EVENT: 'Event' };

/**
 * /backstage/newlead — §2's lead creation area (its own chunk): who (name, mobile, e-mail, PAN optional), the
 * product, how to contact them and where the lead came from. The server checks the answers with the product flow's
 * §5 rules and refuses by label (the shell's modal); the new lead opens in the detail page, in My leads.
 */
export default function NewLeadPage() {
  const t = useT();
  const name = useConfigName();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const products = useServerData<{ data: Product[] }>(CONFIG.allProducts);
  const [lead, setLead] = useState<NewLead>(EMPTY);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof NewLead) => (e: { target: { value: string } }) => setLead((l) => ({ ...l, [k]: e.target.value }));
  const k = (key: string, fallback: string) => t(`areas.applications.leads.${key}`, undefined, fallback);

  if (user && !mayCreate(user.roles)) return <p role="alert">{k('notAllowed', 'You have application access only: creating a lead needs APPLICATIONS_ACTIONS.')}</p>;
  if (products.loading) return <p aria-busy="true">{t('areas.applications.common.loading', undefined, 'Loading…')}</p>;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const id = await createLead(lead);
      eventBus.emit('toast', { kind: 'success', text: t('areas.applications.leads.created', { id }, 'Lead {id} created') });
      navigate(`/backstage/application?application_id=${encodeURIComponent(id)}`);
    } catch {
      // The shell's §8 modal lists what to correct; the form keeps what was typed.
      setBusy(false);
    }
  }

  const text = (key: keyof NewLead, label: string, opts: { type?: string; required?: boolean; maxLength: number; autoComplete?: string; hint?: string }) => (
    <div className="ll-field">
      <label htmlFor={`ll-lead-${key}`}>{k(`field.${key}`, label)}{opts.required ? ' *' : ''}</label>
      <input id={`ll-lead-${key}`} name={key} type={opts.type ?? 'text'} value={String(lead[key] ?? '')} onChange={set(key)} required={opts.required} maxLength={opts.maxLength} autoComplete={opts.autoComplete ?? 'off'} />
      {opts.hint && <p className="ll-hint">{opts.hint}</p>}
    </div>
  );

  return (
    <form className="ll-lead-form" onSubmit={submit} aria-labelledby="ll-lead-title" data-testid="new-lead-form">
      <h2 id="ll-lead-title">{k('title', 'New lead')}</h2>
      <fieldset className="ll-field ll-field--group">
        <legend>{k('who', 'Who')}</legend>
        {text('firstName', 'First name', { required: true, maxLength: 40 })}
        {text('lastName', 'Last name', { required: true, maxLength: 40 })}
        {text('mobile', 'Mobile number', { type: 'tel', required: true, maxLength: 15 })}
        {text('email', 'Email address', { type: 'email', required: true, maxLength: 120 })}
        {text('panNumber', 'PAN (optional)', { maxLength: 10, hint: k('panHint', 'Asked for in full when the lead becomes an application.') })}
      </fieldset>
      <fieldset className="ll-field ll-field--group">
        <legend>{k('what', 'Product')}</legend>
        <div className="ll-field">
          <label htmlFor="ll-lead-product">{k('field.product', 'Product')} *</label>
          <select id="ll-lead-product" value={lead.product_code} onChange={set('product_code')} required>
            <option value="">{k('chooseProduct', 'Choose a product')}</option>
            {(products.data?.data ?? []).map((p) => (
              <option key={p.product_code} value={p.product_code}>{name('product', p.product_name)}</option>
            ))}
          </select>
        </div>
      </fieldset>
      <fieldset className="ll-field ll-field--group">
        <legend>{k('contactLegend', 'Contact')}</legend>
        <div className="ll-field">
          <label htmlFor="ll-lead-preferredContact">{k('field.preferredContact', 'Preferred contact')}</label>
          <select id="ll-lead-preferredContact" value={lead.preferredContact} onChange={set('preferredContact')}>
            <option value="PHONE">{k('contact.PHONE', 'Phone call')}</option>
            <option value="EMAIL">{k('contact.EMAIL', 'E-mail')}</option>
            <option value="BRANCH_VISIT">{k('contact.BRANCH_VISIT', 'Branch visit')}</option>
          </select>
        </div>
        <div className="ll-field">
          <label htmlFor="ll-lead-contactNotes">{k('field.contactNotes', 'When and how to call back')}</label>
          <textarea id="ll-lead-contactNotes" value={lead.contactNotes} onChange={set('contactNotes')} maxLength={500} rows={2} />
        </div>
      </fieldset>
      <fieldset className="ll-field ll-field--group">
        <legend>{k('origin', 'Source')}</legend>
        <div className="ll-field">
          <label htmlFor="ll-lead-source">{k('field.source', 'Source')} *</label>
          <select id="ll-lead-source" value={lead.source_id} onChange={set('source_id')} required>
            {SOURCES.map((s) => (
              <option key={s} value={s}>{k(`source.${s}`, SOURCE_LABELS[s])}</option>
            ))}
          </select>
        </div>
        {text('campaign_id', 'Campaign (optional)', { maxLength: 80 })}
      </fieldset>
      <div className="ll-form-actions">
        <button type="submit" disabled={busy} aria-busy={busy || undefined} data-testid="create-lead">
          {busy ? k('creating', 'Creating…') : k('create', 'Create lead')}
        </button>
        <button type="button" className="ll-button--secondary" onClick={() => navigate(-1)} disabled={busy}>
          {k('cancel', 'Cancel')}
        </button>
      </div>
    </form>
  );
}
