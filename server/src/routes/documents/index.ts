import reads from './reads';
import changes from './changes';
import pdf from './pdf';
import { areaOf } from '../common/area';

/**
 * Documents (§7 Documents, the documents tab of mf-tasks): the list and a file as a blob, the changes (delete with a
 * reason, metadata, new version, copy, merge, removes), PDFs from templates and the identity-card upload. The portal's
 * uploads (uploadLocalFiletoS3, uploadSignaturetoS3) stay in routes/portal and store through the same domain.
 */
const documentRoutes = areaOf(
  reads,
  changes,
  pdf,
);
export default documentRoutes;
