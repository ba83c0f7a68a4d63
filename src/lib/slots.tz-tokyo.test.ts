process.env.TZ = "Asia/Tokyo";

import { describeTimeRules } from "./time-rules.cases";

describeTimeRules("Asia/Tokyo", -540);
