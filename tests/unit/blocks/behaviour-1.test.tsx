/**
 * The block behaviour suite, part 1 of 2 (behaviour-suite.tsx says what every block must do;
 * the block types are dealt out between the parts, so both test workers run it).
 */
import { describeBlocks, describeSuiteChecks, withBehaviourFixture } from './behaviour-suite.tsx';

withBehaviourFixture();
describeSuiteChecks();
describeBlocks(0, 2);
