// The compiled gazetteer file: a JSON header and typed-array sections, read with zero copies.
// Layout: "TABIGAZ1" | u32 header length | header JSON | padding to 8 | sections (each 8-aligned).

const MAGIC = "TABIGAZ1";

type Section = Float32Array | Uint32Array | Uint8Array;
type SectionType = "f32" | "u32" | "u8";

export interface Header {
  /** Hash of the sources and of this format; a different one means rebuild. */
  fingerprint: string;
  kinds: string[];
  categories: string[];
  counts: { entries: number; keys: number };
  sections: Record<string, { offset: number; length: number; type: SectionType }>;
}

const typeOf = (a: Section): SectionType =>
  a instanceof Float32Array ? "f32" : a instanceof Uint32Array ? "u32" : "u8";
const align8 = (n: number) => (n + 7) & ~7;

export function writeGazetteer(header: Omit<Header, "sections">, sections: Record<string, Section>): Buffer {
  const entries = Object.entries(sections);
  const layout: Header["sections"] = {};
  let offset = 0;
  for (const [name, data] of entries) {
    layout[name] = { offset, length: data.length, type: typeOf(data) };
    offset = align8(offset + data.byteLength);
  }
  const headerBytes = Buffer.from(JSON.stringify({ ...header, sections: layout }), "utf8");
  const base = align8(MAGIC.length + 4 + headerBytes.length);
  const out = Buffer.alloc(base + offset);
  out.write(MAGIC, 0, "latin1");
  out.writeUInt32LE(headerBytes.length, MAGIC.length);
  headerBytes.copy(out, MAGIC.length + 4);
  for (const [name, data] of entries) {
    Buffer.from(data.buffer, data.byteOffset, data.byteLength).copy(out, base + layout[name]!.offset);
  }
  return out;
}

/** The header alone (to check the fingerprint without trusting the rest). */
export function readHeader(file: Buffer): { header: Header; base: number } | null {
  if (file.length < MAGIC.length + 4 || file.toString("latin1", 0, MAGIC.length) !== MAGIC) return null;
  const length = file.readUInt32LE(MAGIC.length);
  try {
    const header = JSON.parse(file.toString("utf8", MAGIC.length + 4, MAGIC.length + 4 + length)) as Header;
    return { header, base: align8(MAGIC.length + 4 + length) };
  } catch {
    return null;
  }
}

export function readGazetteer(file: Buffer) {
  const parsed = readHeader(file);
  if (!parsed) throw new Error("not a gazetteer file");
  // Typed-array views need an aligned start: copy once if the Buffer came from a shared pool.
  const buf = file.byteOffset % 8 === 0 ? file : Buffer.from(file);
  const { header, base } = parsed;
  const section = <T extends SectionType>(name: string, type: T) => {
    const s = header.sections[name];
    if (!s || s.type !== type) throw new Error(`gazetteer file: missing section ${name}`);
    const start = buf.byteOffset + base + s.offset;
    return (
      type === "f32"
        ? new Float32Array(buf.buffer, start, s.length)
        : type === "u32"
          ? new Uint32Array(buf.buffer, start, s.length)
          : new Uint8Array(buf.buffer, start, s.length)
    ) as T extends "f32" ? Float32Array : T extends "u32" ? Uint32Array : Uint8Array;
  };
  return { header, section };
}
