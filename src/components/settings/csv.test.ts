import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("writes a header and quotes commas, quotes and line breaks", () => {
    const csv = toCsv([
      { id: 1, name: 'Pat "Mow" Lee', note: "front, back\nside", paid: true, at: new Date("2026-05-01T14:00:00Z"), phone: null },
    ]);
    expect(csv).toBe('id,name,note,paid,at,phone\r\n1,"Pat ""Mow"" Lee","front, back\nside",true,2026-05-01T14:00:00.000Z,\r\n');
  });

  it("keeps formulas from running when the file is opened in a spreadsheet", () => {
    expect(toCsv([{ note: '=HYPERLINK("x")' }, { note: "-5" }])).toBe('note\r\n"\'=HYPERLINK(""x"")"\r\n\'-5\r\n');
  });

  it("writes the header alone for an empty table when columns are given", () => {
    expect(toCsv([], ["id", "amount"])).toBe("id,amount\r\n");
  });
});
