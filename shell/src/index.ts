import { startEarlyRequests } from './boot/early-requests';
import { preloadFromBootData } from './boot/boot-data';

// Now, while the shell's chunks download: the active remote's files the page names, and the public
// configs every start reads.
preloadFromBootData();
startEarlyRequests();
// Async boundary: Module Federation negotiates the shared singletons before the shell uses them.
import('./bootstrap');
