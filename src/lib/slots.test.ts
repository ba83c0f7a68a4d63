process.env.TZ = "UTC";

import { describeTimeRules } from "./time-rules.cases";

describeTimeRules("UTC", 0);
