import { Link, useSearchParams } from 'react-router-dom';
import { CONFIG, useConfigName, useServerData, useT } from '@lendline/shared';

interface Product {
  product_code: string;
  product_name: string;
  description: string;
  maximumJointApplicants: number;
}

/** The products a customer can apply for, read from the server (GET /v3/lead/getAllProducts). */
export function ProductChooser({ basePath = '/newapplication' }: { basePath?: string } = {}) {
  const t = useT();
  const name = useConfigName();
  const { data, error, loading, reload } = useServerData<{ data: Product[] }>(CONFIG.allProducts);
  const [query] = useSearchParams();
  // Campaign and source of the entry link stay on the chosen product's link.
  const linkTo = (code: string) => {
    const q = new URLSearchParams(query);
    q.set('product_code', code);
    return `${basePath}?${q.toString()}`;
  };
  if (loading) return <p aria-busy="true">{t('portal.products.loading', undefined, 'Loading products…')}</p>;
  if (error)
    return (
      <p role="alert">
        {t('portal.products.failed', undefined, 'Products could not be loaded.')} <button onClick={reload}>{t('portal.products.retry', undefined, 'Try again')}</button>
      </p>
    );
  return (
    <ul className="ll-cards" aria-label={t('portal.products.list', undefined, 'Loan products')}>
      {data?.data.map((p) => (
        <li key={p.product_code} className="ll-card">
          <h2>
            <Link to={linkTo(p.product_code)}>{name('product', p.product_name)}</Link>
          </h2>
          <p>{name('productDescription', p.description)}</p>
          <p className="ll-muted">
            {p.maximumJointApplicants > 0
              ? t('portal.products.joint', { max: p.maximumJointApplicants }, `Up to ${p.maximumJointApplicants} co-applicant(s)`)
              : t('portal.products.single', undefined, 'Single applicant')}
          </p>
        </li>
      ))}
    </ul>
  );
}
