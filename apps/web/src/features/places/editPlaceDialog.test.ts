import { OPENING_HOURS_MESSAGE } from "@tabi/contracts";
import { expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { isOpeningHoursError } from "./EditPlaceDialog";

it("puts only the server's unreadable-hours answer under the hours field", () => {
  expect(isOpeningHoursError(new ApiError(400, "BAD_REQUEST", OPENING_HOURS_MESSAGE))).toBe(true);
  expect(isOpeningHoursError(new ApiError(400, "VALIDATION_ERROR", OPENING_HOURS_MESSAGE))).toBe(true);
  // Other refusals stay the form's error.
  expect(isOpeningHoursError(new ApiError(400, "BAD_REQUEST", "Please enter the place's name"))).toBe(false);
  expect(isOpeningHoursError(new ApiError(403, "FORBIDDEN", OPENING_HOURS_MESSAGE))).toBe(false);
  expect(isOpeningHoursError(new Error(OPENING_HOURS_MESSAGE))).toBe(false);
});
