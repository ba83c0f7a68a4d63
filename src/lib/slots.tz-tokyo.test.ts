import { describeTimeRules } from "./time-rules.cases";
import { setProcessTimeZone } from "#test/env";

setProcessTimeZone("Asia/Tokyo");

describeTimeRules("Asia/Tokyo", -540);
