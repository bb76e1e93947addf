import { startEarlyRequests } from './boot/early-requests';
import { preloadFromBootData } from './boot/boot-data';

// Now, while the shell's chunks download: the active remote's files the page names, and the public
// configs every start reads.
preloadFromBootData();
startEarlyRequests();
// The boot in its own chunks (the page preloads them): this entry stays small and runs first. No federation here:
// the runtime loads when a page first needs a remote (remotes/federation.ts).
import('./bootstrap');
