import { describeTimeRules } from "./time-rules.test-suite";
import { setProcessTimeZone } from "#test/support/env";

setProcessTimeZone("America/Chicago");

describeTimeRules("America/Chicago", 360);
