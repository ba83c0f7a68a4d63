import { describe, expect, it, beforeAll } from "vitest";
import { createCustomer, rest, staffCaller, staffCookie } from "#test/support/helpers";

// Its own database: this file's customers are the only ones, so totals and orders are exact.
const PEOPLE = [
  { fullName: "Rosa Delgado", email: "rosa@example.com", phone: "(512) 555-0199", address: "12 Barton Springs Rd", zipCode: "78704" },
  { fullName: "Ben Okafor", email: "okafor.b@example.com", phone: "512.555.7421", address: "4 Manor Rd", zipCode: "78722" },
  { fullName: "Amy Rosales", email: "amy.r@example.com", phone: null, address: "900 Guadalupe St", zipCode: "78701" },
  { fullName: "Zed 100% Lawn", email: "zed@example.com", phone: "5125551000", address: "1 Congress Ave", zipCode: "78701" },
];

let cookie: string;
beforeAll(async () => {
  for (const person of PEOPLE) await createCustomer(person);
  cookie = await staffCookie();
});

const names = (list: unknown) => (list as Array<{ fullName: string }>).map((customer) => customer.fullName);

describe("customer search, sort and paging", () => {
  it("answers GET /api/customers without parameters with the plain array of every customer by name", async () => {
    const response = await rest("GET", "/customers", { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(names(response.json)).toEqual(["Amy Rosales", "Ben Okafor", "Rosa Delgado", "Zed 100% Lawn"]);
  });

  it("finds by part of a name, email or address, case-blind", async () => {
    const staff = await staffCaller();
    expect(names(await staff.customers.list({ q: "ROSA" }))).toEqual(["Amy Rosales", "Rosa Delgado"]);
    expect(names(await staff.customers.list({ q: "okafor.b@" }))).toEqual(["Ben Okafor"]);
    expect(names(await staff.customers.list({ q: "guadalupe" }))).toEqual(["Amy Rosales"]);
    expect(names(await staff.customers.list({ q: "78722" }))).toEqual(["Ben Okafor"]);
  });

  it("finds by part of a phone number whatever its punctuation", async () => {
    const staff = await staffCaller();
    expect(names(await staff.customers.list({ q: "555-01" }))).toEqual(["Rosa Delgado"]);
    expect(names(await staff.customers.list({ q: "5557421" }))).toEqual(["Ben Okafor"]);
    expect(names(await staff.customers.list({ q: "(512) 555 7" }))).toEqual(["Ben Okafor"]);
  });

  it("reads % and _ in a query as themselves, not as wildcards", async () => {
    const staff = await staffCaller();
    expect(names(await staff.customers.list({ q: "100%" }))).toEqual(["Zed 100% Lawn"]);
    expect(await staff.customers.list({ q: "r_sa" })).toEqual([]);
  });

  it("sorts and pages, and search tells how many match in all", async () => {
    const newest = await rest("GET", "/customers?sort=newest&limit=2", { headers: { cookie } });
    expect(names(newest.json)).toEqual(["Zed 100% Lawn", "Amy Rosales"]);
    const secondPage = await rest("GET", "/customers?sort=name&limit=2&offset=2", { headers: { cookie } });
    expect(names(secondPage.json)).toEqual(["Rosa Delgado", "Zed 100% Lawn"]);

    const search = await rest("GET", "/customers/search?q=rosa&limit=1", { headers: { cookie } });
    expect(search.status).toBe(200);
    expect(search.json.total).toBe(2);
    expect(names(search.json.customers)).toEqual(["Amy Rosales"]);
    const everyone = await rest("GET", "/customers/search", { headers: { cookie } });
    expect(everyone.json.total).toBe(4);
  });

  it("refuses bad parameters with a 400 naming the problem, and strangers with a 401", async () => {
    const cases: Array<[string, string]> = [
      ["/customers?limit=0", "Limit must be a whole number from 1 to 100"],
      ["/customers?limit=101", "Limit must be a whole number from 1 to 100"],
      ["/customers/search?offset=-1", "Offset must be a whole number, 0 or more"],
      ["/customers?sort=price", "Sort must be one of: name, newest, oldest"],
      [`/customers/search?q=${"x".repeat(101)}`, "Must be at most 100 characters"],
    ];
    for (const [path, message] of cases) {
      const response = await rest("GET", path, { headers: { cookie } });
      expect(response.status, path).toBe(400);
      expect(response.json.message, path).toBe(message);
    }
    expect((await rest("GET", "/customers/search?q=rosa")).status).toBe(401);
  });

  it("narrows the Messages screen's customer list by the same search, up to a limit", async () => {
    const staff = await staffCaller();
    const everyone = await staff.messages.conversations({});
    expect(everyone).toHaveLength(4);
    expect((await staff.messages.conversations({ q: "rosa" })).map((entry) => entry.fullName).sort()).toEqual([
      "Amy Rosales",
      "Rosa Delgado",
    ]);
    expect(await staff.messages.conversations({ q: "555 0199", limit: 5 })).toMatchObject([{ fullName: "Rosa Delgado" }]);
    expect(await staff.messages.conversations({ limit: 2 })).toHaveLength(2);
    const refused = await rest("GET", "/messages/conversations?limit=0", { headers: { cookie } });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe("Limit must be a whole number from 1 to 100");
  });
});
