import { type Found, found, ImportError, lines, MAX_NOTES, pointFromUrl } from "./found";

/** RFC 4180 rows: quoted fields with commas, doubled quotes and line breaks; CRLF or LF. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * A saved list from Google Takeout (Saved/<list>.csv): Title, Note, URL (and Tags, Comment in newer
 * exports); an empty row may follow the header. The coordinates are only in some URLs
 * (.../@35.01,135.76,17z, !3d..!4d.., ?q=lat,lng); a place link by id has none.
 */
export function parseCsv(text: string, listName: string | null): Found[] {
  const rows = csvRows(text);
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const col = (...names: string[]) => header.findIndex((h) => names.includes(h));
  const title = col("title", "name");
  if (title < 0) throw new ImportError("badCsv");
  const note = col("note", "notes", "description");
  const comment = col("comment");
  const url = col("url", "google maps url");
  const items: Found[] = [];
  for (const row of rows.slice(1)) {
    const link = url >= 0 ? row[url] : undefined;
    const notes = [note >= 0 ? row[note] : "", comment >= 0 ? row[comment] : ""]
      .map((s) => s?.trim() ?? "")
      .filter(Boolean)
      .join("\n");
    const where = pointFromUrl(link);
    // A row with only a link (a dropped pin's URL) is still a place; an empty row is not.
    if (!row[title]?.trim() && !where) continue;
    const item = found({
      name: row[title],
      point: where,
      located: "url",
      notes: lines(notes, MAX_NOTES),
      folder: listName,
    });
    if (item) items.push(item);
  }
  return items;
}
