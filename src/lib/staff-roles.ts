// Staff roles, named once for the database schema, the procedures' meta, the OpenAPI document and
// the screens. The schema imports this file by a relative path, so it imports nothing.
// The rules: docs/product-rules.md#staff-roles.

/**
 * owner: everything, staff users and business settings included; office: everything else; crew:
 * only their own crew's days. The first account is an owner.
 */
export const STAFF_ROLES = ["owner", "office", "crew"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** An API key acts as office unless it was made narrower; it never acts as an owner. */
export const API_KEY_ROLES = ["office", "crew"] as const satisfies readonly StaffRole[];
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { owner: "Owner", office: "Office", crew: "Crew" };

/** The role lists procedures declare, named so a reader sees the rule, not a list to compare. */
export const ROLES = {
  /** Staff users and business settings. */
  ownerOnly: ["owner"],
  /** Everything but staff users and business settings. */
  office: ["owner", "office"],
  /** Their crew's days: the schedule for their crew and status changes on their crew's visits. */
  everyone: ["owner", "office", "crew"],
} as const satisfies Record<string, readonly StaffRole[]>;

/** The staff pages each role may open, for the navigation and the server-side page gates. */
export const STAFF_PAGES: Record<string, readonly StaffRole[]> = {
  "/dashboard": ROLES.office,
  "/schedule": ROLES.everyone,
  "/customers": ROLES.office,
  "/messages": ROLES.office,
  "/quotes": ROLES.office,
  "/programs": ROLES.office,
  "/payments": ROLES.office,
  "/reports": ROLES.office,
  "/settings": ROLES.everyone,
  /** The crew's phone: a crew member's own day (the office plans on the schedule). */
  "/crew": ["crew"],
};

/** Where a role lands after signing in, or when it opens a page it may not use. */
export function homePageOf(role: StaffRole): string {
  return role === "crew" ? "/crew" : "/dashboard";
}

export function mayOpenPage(role: StaffRole, page: string): boolean {
  return STAFF_PAGES[page]?.includes(role) ?? true;
}
