import { IMAGE_TYPES, MAX_IMAGE_EDGE, THUMBNAIL_EDGE } from "@tabi/contracts";
import { AppError, badRequest } from "../../http/errors";
import { text } from "../../i18n";

/** Larger images are refused before decoding: 50 MP is 200 MB of pixels. */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}
export interface ProcessedImage {
  /** What the file really is, read from its bytes. */
  detectedType: (typeof IMAGE_TYPES)[number];
  full: EncodedImage;
  thumb: EncodedImage;
}

const notImage = () => new AppError(415, "UNSUPPORTED_MEDIA_TYPE", text("server:uploads.notImage"));

// Loaded on the first upload: the server starts without the native image library in memory.
let libraries: Promise<[typeof import("sharp").default, typeof import("file-type").fileTypeFromBuffer]>;
function load() {
  libraries ??= Promise.all([import("sharp"), import("file-type")]).then(([s, f]) => {
    s.default.cache(false); // every image is new: a decode cache only holds memory
    return [s.default, f.fileTypeFromBuffer];
  });
  return libraries;
}

/** sharp's words for an image over the pixel limit, told apart from a damaged file. */
const isPixelLimit = (err: unknown) => /pixel limit/i.test((err as Error)?.message ?? "");

/**
 * A photo as we keep it: only JPEG, PNG, WebP, GIF or AVIF by their bytes (never by name or declared
 * type: an SVG or a renamed text file is refused), turned upright by its EXIF orientation, at most
 * MAX_IMAGE_EDGE px on its long side, re-encoded as WebP without any metadata (EXIF, GPS, XMP, ICC
 * profile: sharp keeps none unless asked), plus a THUMBNAIL_EDGE thumbnail.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const [sharp, fileTypeFromBuffer] = await load();
  const mime = (await fileTypeFromBuffer(input))?.mime;
  // An animated PNG is a PNG to every decoder; file-type names it apart.
  const detectedType = IMAGE_TYPES.find((t) => t === (mime === "image/apng" ? "image/png" : mime));
  if (!detectedType) throw notImage();
  try {
    // An animated GIF or WebP keeps its first frame; "error" refuses a damaged file rather than
    // storing the part that decoded.
    const full = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({
        width: MAX_IMAGE_EDGE,
        height: MAX_IMAGE_EDGE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(full.data)
      .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
    return {
      detectedType,
      full: { data: full.data, width: full.info.width, height: full.info.height },
      thumb: { data: thumb.data, width: thumb.info.width, height: thumb.info.height },
    };
  } catch (err) {
    if (isPixelLimit(err)) throw new AppError(413, "PAYLOAD_TOO_LARGE", text("server:uploads.tooManyPixels"));
    throw badRequest(text("server:uploads.unreadable"));
  }
}
