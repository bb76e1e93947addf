// The full run gives these jsdom suites two cores shared with the server suites and a build. Testing Library's
// findBy/waitFor give up after 1 s by default, and a lazily loaded panel took longer than that under the load
// (CI failed on it while the suite passed alone in 6 s). A wait that succeeds returns as soon as it can, so a
// longer ceiling costs nothing when the code is right; it only stops load from being reported as a defect.
require('@testing-library/dom').configure({ asyncUtilTimeout: 10000 });
