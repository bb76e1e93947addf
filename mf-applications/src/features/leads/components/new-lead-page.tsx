import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { CONFIG, eventBus, useConfigName, useServerData, useT } from '@lendline/shared';
import { PageHeader, Select, Skeleton, TextArea, TextField } from '@lendline/shared/ui';
import { useCurrentUser } from '../../../lib/use-current-user';
import { createLead, mayCreate, type NewLead } from '../../../api/leads';

interface Product {
  product_code: string;
  product_name: string;
}

const EMPTY: NewLead = { product_code: '', firstName: '', lastName: '', mobile: '', email: '', panNumber: '', preferredContact: 'PHONE', contactNotes: '', source_id: 'WALK_IN', campaign_id: '' };
const SOURCES = ['WALK_IN', 'PHONE_ENQUIRY', 'REFERRAL', 'CAMPAIGN', 'EVENT'] as const;
const CONTACTS = ['PHONE', 'EMAIL', 'BRANCH_VISIT'] as const;
const CONTACT_LABELS: Record<(typeof CONTACTS)[number], string> = { PHONE: 'Phone call', EMAIL: 'E-mail', BRANCH_VISIT: 'Branch visit' };
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
  const [missingProduct, setMissingProduct] = useState(false);
  const k = (key: string, fallback: string) => t(`areas.applications.leads.${key}`, undefined, fallback);

  if (user && !mayCreate(user.roles)) return <p role="alert">{k('notAllowed', 'You have application access only: creating a lead needs APPLICATIONS_ACTIONS.')}</p>;
  if (products.loading) return <Skeleton label={t('areas.applications.common.loading', undefined, 'Loading…')} rows={6} />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The kit's Select has no native required check: the product is asked for here before anything is sent.
    if (!lead.product_code) return setMissingProduct(true);
    setMissingProduct(false);
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

  // The kit's field; its length bound is kept by cutting what is typed (the kit's field takes no maxLength).
  const text = (key: keyof NewLead, label: string, opts: { type?: 'text' | 'tel' | 'email'; required?: boolean; maxLength: number; autoComplete?: string; hint?: string }) => (
    <TextField
      label={`${k(`field.${key}`, label)}${opts.required ? ' *' : ''}`}
      name={key}
      type={opts.type ?? 'text'}
      value={String(lead[key] ?? '')}
      onChange={(v) => setLead((l) => ({ ...l, [key]: v.slice(0, opts.maxLength) }))}
      isRequired={opts.required}
      autoComplete={opts.autoComplete ?? 'off'}
      description={opts.hint}
    />
  );
  const pick = (key: keyof NewLead) => (id: string) => setLead((l) => ({ ...l, [key]: id }));

  return (
    <form className="ll-lead-form" onSubmit={submit} aria-labelledby="ll-lead-title" data-testid="new-lead-form">
      <PageHeader level={2} titleId="ll-lead-title" title={k('title', 'New lead')} />
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
        <Select
          label={`${k('field.product', 'Product')} *`}
          placeholder={k('chooseProduct', 'Choose a product')}
          value={lead.product_code || null}
          onChange={pick('product_code')}
          options={(products.data?.data ?? []).map((p) => ({ id: p.product_code, label: name('product', p.product_name) }))}
          testId="lead-product"
        />
        {missingProduct && (
          <p role="alert" className="ll-ui-error">
            {k('chooseProduct', 'Choose a product')}
          </p>
        )}
      </fieldset>
      <fieldset className="ll-field ll-field--group">
        <legend>{k('contactLegend', 'Contact')}</legend>
        <Select
          label={k('field.preferredContact', 'Preferred contact')}
          value={lead.preferredContact}
          onChange={pick('preferredContact')}
          options={CONTACTS.map((c) => ({ id: c, label: k(`contact.${c}`, CONTACT_LABELS[c]) }))}
          testId="lead-contact"
        />
        <TextArea label={k('field.contactNotes', 'When and how to call back')} value={lead.contactNotes ?? ''} onChange={pick('contactNotes')} maxLength={500} rows={2} testId="lead-contactNotes" />
      </fieldset>
      <fieldset className="ll-field ll-field--group">
        <legend>{k('origin', 'Source')}</legend>
        <Select
          label={`${k('field.source', 'Source')} *`}
          value={lead.source_id}
          onChange={pick('source_id')}
          options={SOURCES.map((src) => ({ id: src, label: k(`source.${src}`, SOURCE_LABELS[src]) }))}
          testId="lead-source"
        />
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
