import { describeTimeRules } from "./time-rules.cases";
import { setProcessTimeZone } from "#test/env";

setProcessTimeZone("UTC");

describeTimeRules("UTC", 0);
