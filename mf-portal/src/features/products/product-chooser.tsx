import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useConfigName, useLanguage, useT } from '@lendline/shared';
import { ProductFacts } from './product-facts';
import { addProductCardStyles } from './product-card-styles';
import { useProductsSummary, type ProductSummary } from './products-api';

// The calculator brings the pricing engine: its own chunk, fetched when a card's calculator is first opened, so the
// landing page's first paint stays within the phone budget.
const EmiCalculator = lazy(() => import('./emi-calculator'));

/**
 * The landing page (issue 28): each product the customer can apply for, with what helps choose — amount and tenure
 * ranges, the indicative rate, who can apply, the documents needed, an EMI calculator — and a clear way in. One public
 * request (GET /v3/portal/products); the campaign and source of the entry link stay on the chosen product's link.
 */
export function ProductChooser({ basePath = '/newapplication' }: { basePath?: string } = {}) {
  const t = useT();
  const lang = useLanguage();
  const { data, error, loading, reload } = useProductsSummary(lang);
  // Product names and descriptions in the reader's language (configuration translations, English when none).
  const name = useConfigName();
  const [query] = useSearchParams();
  addProductCardStyles();
  const linkTo = (code: string) => {
    const q = new URLSearchParams(query);
    q.set('product_code', code);
    return `${basePath}?${q.toString()}`;
  };
  if (loading && !data) return <p aria-busy="true">{t('portal.products.loading', undefined, 'Loading products…')}</p>;
  if (error)
    return (
      <p role="alert">
        {t('portal.products.failed', undefined, 'Products could not be loaded.')} <button onClick={reload}>{t('portal.products.retry', undefined, 'Try again')}</button>
      </p>
    );
  return (
    <ul className="ll-products" aria-label={t('portal.products.list', undefined, 'Loan products')}>
      {data?.data.map((p) => (
        <li key={p.productCode} className="ll-card ll-product" data-product={p.productCode}>
          <h2 id={`${p.productCode}-name`}>{name('product', p.name)}</h2>
          <p>{name('productDescription', p.description)}</p>
          <ProductFacts product={p} />
          <Calculator product={p} />
          <Link className="ll-product__apply" to={linkTo(p.productCode)}>
            {t('landing.apply', { product: name('product', p.name) }, `Apply for ${name('product', p.name)}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A disclosure per card: the calculator's chunk loads the first time it opens. */
function Calculator({ product }: { product: ProductSummary }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  // Painted from the server's HTML (issue 31), the disclosure may have been opened before this script ran: take that over.
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);
  const { amount, tenureMonths } = product;
  if (!amount || !tenureMonths || !product.bands.length) return null;
  return (
    <details ref={details} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('landing.calc.open', undefined, 'Work out your EMI')}</summary>
      {open && (
        <Suspense fallback={<p aria-busy="true">{t('landing.calc.loading', undefined, 'Loading the calculator…')}</p>}>
          <EmiCalculator product={{ ...product, amount, tenureMonths }} />
        </Suspense>
      )}
    </details>
  );
}
