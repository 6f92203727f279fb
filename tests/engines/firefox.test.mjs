// firefox.test.mjs -- the cross-engine suite (suite.mjs) in firefox.
import { defineSuite } from './suite.mjs';

defineSuite('firefox');
