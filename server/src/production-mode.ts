// Imported first by index.ts, before any library is loaded (see config/run-mode.ts for why the order matters).
import { defaultToProduction } from './config/run-mode';

defaultToProduction();
