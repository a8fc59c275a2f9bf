import { MAX_UPLOAD_BYTES } from "@tabi/contracts";
import { expect, it } from "vitest";
import { checkImageFile } from "../../lib/upload";
import { photoThumb } from "./photos";

const TRIP = "0b6a4a0e-6f0e-4d43-9a53-2a8f3c1d9e10";
const UPLOAD = "5f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f";

it("shows our own uploads as their thumbnails, other photo URLs as they are", () => {
  expect(photoThumb(`/api/trips/${TRIP}/uploads/${UPLOAD}`)).toBe(
    `/api/trips/${TRIP}/uploads/${UPLOAD}?size=thumb`,
  );
  expect(photoThumb("https://upload.wikimedia.org/a.jpg")).toBe("https://upload.wikimedia.org/a.jpg");
});

it("refuses a file that is no image or over 10 MB before uploading it", () => {
  expect(checkImageFile({ type: "image/jpeg", size: 3_000_000 })).toBeNull();
  expect(checkImageFile({ type: "image/jpeg", size: MAX_UPLOAD_BYTES })).toBeNull();
  expect(checkImageFile({ type: "image/jpeg", size: MAX_UPLOAD_BYTES + 1 })).toBe("tooLarge");
  expect(checkImageFile({ type: "text/plain", size: 10 })).toBe("notImage");
  expect(checkImageFile({ type: "", size: 10 })).toBe("notImage");
});
