import { useNavigate, useSearchParams } from 'react-router-dom';
import { useT } from '@lendline/shared';
import { ProductChooser } from '../features/products/product-chooser';
import { StartApplication } from '../features/start/start-application';

const BASE = '/backstage/newapplication';

/**
 * /backstage/newapplication (no resume): §2 application creation. An officer starts the customer flow on the
 * customer's behalf — the same product chooser, start choices and configured flow as the portal. The server records
 * the officer as initiator and gives them the first task, so the flow goes on as a staff resume of that application.
 * Consents and the signature stay the customer's: the server refuses them from staff, and the officer sends the
 * customer their link for those steps.
 */
export default function StaffCreatePage() {
  const t = useT();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const product = query.get('product_code');
  return (
    <section aria-labelledby="ll-staff-create-title" data-testid="staff-create">
      <h2 id="ll-staff-create-title">{t('portal.staff.createTitle', undefined, "New application on a customer's behalf")}</h2>
      <p className="ll-hint">
        {t('portal.staff.consentNotice', undefined, 'The customer gives their consents and signature themselves: at those steps, send them their link from the application.')}
      </p>
      {product ? (
        <StartApplication
          productCode={product}
          query={query}
          onStarted={(id) => navigate(`${BASE}?resume&application_id=${encodeURIComponent(id)}`)}
        />
      ) : (
        <ProductChooser basePath={BASE} />
      )}
    </section>
  );
}
