import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { AreaProps } from '@lendline/shared';
import { AreaPage } from '@lendline/shared';
import { ProductChooser } from '../features/products/product-chooser';

const LATER = [
  'The configuration-driven application flow (sections, every field type, validation, save per step)',
  'Joint applicants, guarantors, OTP, documents and e-signature',
  'Payments and resuming an application from a link',
];

/** The customer area: newapplication, payments, dynamic-resume (and staff resume under backstage). */
export function Area(_props: AreaProps) {
  return (
    <BrowserRouter>
      <AreaPage title="Apply for a loan" remote="mf-portal" version={__REMOTE_VERSION__} comingLater={LATER}>
        <Routes>
          <Route path="/payments" element={<p>Payments for an application are not available yet.</p>} />
          <Route path="/dynamic-resume" element={<p>Resuming an application from a link is not available yet.</p>} />
          <Route path="*" element={<ProductChooser />} />
        </Routes>
      </AreaPage>
    </BrowserRouter>
  );
}
