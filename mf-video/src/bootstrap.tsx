// Standalone page of this remote (`npm run dev -w <remote>`): the area rendered alone against the API,
// so the team that owns it can work without the shell.
import { createRoot } from 'react-dom/client';
import { Area } from './area/area';

const root = document.getElementById('root');
if (root) createRoot(root).render(<Area name="standalone" domElement={root} />);
