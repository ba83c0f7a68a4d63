import { describeTimeRules } from "./time-rules.test-suite";
import { setProcessTimeZone } from "#test/support/env";

setProcessTimeZone("UTC");

describeTimeRules("UTC", 0);
