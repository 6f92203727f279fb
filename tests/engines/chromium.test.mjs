// chromium.test.mjs -- the cross-engine suite (suite.mjs) in chromium.
import { defineSuite } from './suite.mjs';

defineSuite('chromium');
