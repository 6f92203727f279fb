// webkit.test.mjs -- the cross-engine suite (suite.mjs) in webkit.
import { defineSuite } from './suite.mjs';

defineSuite('webkit');
