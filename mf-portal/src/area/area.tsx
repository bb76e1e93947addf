import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { AreaProps } from '@lendline/shared';
import { AreaPage, useT } from '@lendline/shared';
import { ProductChooser } from '../features/products/product-chooser';

// Texts live in the shared i18n dictionaries (/assets/i18n/{lang}.json).
const LATER = ['areas.portal.later.flow', 'areas.portal.later.applicants', 'areas.portal.later.payments'];

/** The customer area: newapplication, payments, dynamic-resume (and staff resume under backstage). */
export function Area(_props: AreaProps) {
  const t = useT();
  return (
    <BrowserRouter>
      <AreaPage title={t('areas.portal.title')} remote="mf-portal" version={__REMOTE_VERSION__} comingLater={LATER.map((k) => t(k))}>
        <Routes>
          <Route path="/payments" element={<p>{t('areas.portal.paymentsLater')}</p>} />
          <Route path="/dynamic-resume" element={<p>{t('areas.portal.resumeLater')}</p>} />
          <Route path="*" element={<ProductChooser />} />
        </Routes>
      </AreaPage>
    </BrowserRouter>
  );
}
