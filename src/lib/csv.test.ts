import { describe, expect, it } from "vitest";
import { csvField, csvOfRecords, csvOfRows } from "./csv";

describe("CSV", () => {
  it("writes a header and quotes commas, quotes and line breaks", () => {
    const csv = csvOfRecords([
      { id: 1, name: 'Pat "Mow" Lee', note: "front, back\nside", paid: true, at: new Date("2026-05-01T14:00:00Z"), phone: null },
    ]);
    expect(csv).toBe('id,name,note,paid,at,phone\r\n1,"Pat ""Mow"" Lee","front, back\nside",true,2026-05-01T14:00:00.000Z,\r\n');
  });

  it("keeps formulas from running when the file is opened in a spreadsheet, and numbers as numbers", () => {
    expect(csvOfRecords([{ note: '=HYPERLINK("x")' }, { note: "-5" }])).toBe('note\r\n"\'=HYPERLINK(""x"")"\r\n\'-5\r\n');
    expect(csvField("@Maria")).toBe("'@Maria");
    expect(csvField("+1 555")).toBe("'+1 555");
    expect(csvField(-12.5)).toBe("-12.5");
  });

  it("writes the header alone for an empty table when columns are given", () => {
    expect(csvOfRecords([], ["id", "amount"])).toBe("id,amount\r\n");
  });

  it("writes rows as they come", () => {
    expect(
      csvOfRows([
        ["Day", "Net ($)"],
        ["2026-11-02", 12.5],
        ["Total", null],
      ]),
    ).toBe("Day,Net ($)\r\n2026-11-02,12.5\r\nTotal,\r\n");
  });
});
