// One stop of a crew's day as GET /api/crew/day answers it: the server builds it and the crew's phone
// keeps copies of it for working without signal (docs/product-rules.md#the-crews-phone).

export interface FieldReport {
  onMyWayAt: string | null;
  etaMinutes: number | null;
  startedAt: string | null;
  completedAt: string | null;
  completionNote: string | null;
  problemReason: string | null;
  problemAt: string | null;
  photoIds: number[];
}

/** One stop of the crew's day, as the phone shows it and keeps for working without signal. */
export interface CrewStop {
  visitId: string;
  /** The visit as the phone saw it: an action sent with an older version loses to the office's change. */
  version: string;
  startTime: string;
  endTime: string;
  status: string;
  crewId: number | null;
  crewName: string | null;
  customerName: string;
  customerPhone: string | null;
  address: string;
  serviceName: string | null;
  notes: string | null;
  specialInstructions: string | null;
  gateCode: string | null;
  report: FieldReport;
}
