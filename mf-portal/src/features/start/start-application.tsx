import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { CONFIG, useConfigName, useServerData, useT } from '@lendline/shared';
import { startApplication } from '../../api/portal-api';

interface Product {
  product_code: string;
  product_name: string;
  maximumJointApplicants: number;
}

/**
 * Before the flow: is the applicant an existing customer (they pass the OTP step) or new, and is it a single or a
 * joint application — with how many co-applicants (up to the product's maximumJointApplicants) and guarantors.
 * The campaign and source of the entry link are kept on the application.
 */
export function StartApplication({ productCode, query, onStarted }: { productCode: string; query: URLSearchParams; onStarted?: (applicationId: string) => void }) {
  const t = useT();
  const name = useConfigName();
  const navigate = useNavigate();
  const { data, error, loading } = useServerData<{ data: Product[] }>(CONFIG.allProducts);
  const [customer, setCustomer] = useState<'new' | 'existing'>('new');
  const [kind, setKind] = useState<'Single' | 'Joint'>('Single');
  const [co, setCo] = useState(1);
  const [guarantors, setGuarantors] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (loading) return <p aria-busy="true">{t('portal.start.loading', undefined, 'Loading…')}</p>;
  const product = data?.data.find((p) => p.product_code === productCode);
  if (error || !product)
    return (
      <p role="alert">
        {t('portal.start.unknownProduct', { code: productCode }, `We could not find the product “${productCode}”.`)} <a href="/newapplication">{t('portal.start.choose', undefined, 'Choose a product')}</a>
      </p>
    );
  const max = product.maximumJointApplicants;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const app = await startApplication({
        product_code: productCode,
        campaign_id: query.get('campaign_id') ?? undefined,
        source_id: query.get('source_id') ?? undefined,
        existing_or_new_customer: customer,
        singleORjoint: kind,
        coApplicants: kind === 'Joint' ? co : 0,
        guarantors,
      });
      // An officer's start (§2 application creation) goes on in the staff flow instead.
      if (onStarted) return onStarted(app.application_id);
      const next = new URLSearchParams(query);
      next.set('application_id', app.application_id);
      navigate(`/newapplication/start?${next.toString()}`);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <form className="ll-choice" onSubmit={submit} aria-labelledby="ll-start-title">
      <h2 id="ll-start-title">{name('product', product.product_name)}</h2>
      <fieldset className="ll-field ll-field--group">
        <legend>{t('portal.start.customer', undefined, 'Are you already a customer?')}</legend>
        <div className="ll-options">
          <label className="ll-option">
            <input type="radio" name="customer" checked={customer === 'new'} onChange={() => setCustomer('new')} /> {t('portal.start.new', undefined, 'No, I am new')}
          </label>
          <label className="ll-option">
            <input type="radio" name="customer" checked={customer === 'existing'} onChange={() => setCustomer('existing')} /> {t('portal.start.existing', undefined, 'Yes, I am an existing customer')}
          </label>
        </div>
      </fieldset>
      <fieldset className="ll-field ll-field--group">
        <legend>{t('portal.start.kind', undefined, 'Who is applying?')}</legend>
        <div className="ll-options">
          <label className="ll-option">
            <input type="radio" name="kind" checked={kind === 'Single'} onChange={() => setKind('Single')} /> {t('portal.start.single', undefined, 'Just me')}
          </label>
          <label className="ll-option">
            <input type="radio" name="kind" checked={kind === 'Joint'} disabled={max === 0} onChange={() => setKind('Joint')} /> {t('portal.start.joint', undefined, 'Me and co-applicant(s)')}
          </label>
        </div>
        {max === 0 && <p className="ll-hint">{t('portal.start.singleOnly', undefined, 'This product is for single applicants only.')}</p>}
      </fieldset>
      {kind === 'Joint' && (
        <div className="ll-field">
          <label htmlFor="ll-co">{t('portal.start.coCount', { max }, `Number of co-applicants (up to ${max})`)}</label>
          <select id="ll-co" value={co} onChange={(e) => setCo(Number(e.target.value))}>
            {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </div>
      )}
      <div className="ll-field">
        <label htmlFor="ll-guarantors">{t('portal.start.guarantors', undefined, 'Number of guarantors')}</label>
        <select id="ll-guarantors" value={guarantors} onChange={(e) => setGuarantors(Number(e.target.value))}>
          {[0, 1, 2].map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
      </div>
      {problem && (
        <p className="ll-form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="ll-flow-nav">
        <span />
        <button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {t('portal.start.begin', undefined, 'Start application')}
        </button>
      </div>
    </form>
  );
}
