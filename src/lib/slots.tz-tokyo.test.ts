import { describeTimeRules } from "./time-rules.test-suite";
import { setProcessTimeZone } from "#test/support/env";

setProcessTimeZone("Asia/Tokyo");

describeTimeRules("Asia/Tokyo", -540);
