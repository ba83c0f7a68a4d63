process.env.TZ = "America/Chicago";

import { describeTimeRules } from "./time-rules.cases";

describeTimeRules("America/Chicago", 360);
