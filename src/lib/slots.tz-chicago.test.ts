import { describeTimeRules } from "./time-rules.cases";
import { setProcessTimeZone } from "#test/env";

setProcessTimeZone("America/Chicago");

describeTimeRules("America/Chicago", 360);
