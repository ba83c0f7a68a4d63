/**
 * The published staff login of the demo mode (DEMO_MODE=true). Only a server started as a
 * demonstration creates it, and every staff screen then says so.
 */
export const DEMO_STAFF_LOGIN = { username: "admin", password: "admin12345" } as const;
