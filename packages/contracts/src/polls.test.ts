import { describe, expect, it } from "vitest";
import { POLL_MESSAGES as M, pollCreateSchema } from "./polls";

const messages = (input: unknown) => {
  const r = pollCreateSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};
const text = (...labels: string[]) => labels.map((label) => ({ kind: "text", label }));

describe("a new poll", () => {
  it("takes a question and 2-10 options, one choice and not anonymous by default", () => {
    const r = pollCreateSchema.parse({ question: " Dinner? ", options: text("Ramen", "Sushi") });
    expect(r).toMatchObject({ question: "Dinner?", multiple: false, anonymous: false });
    expect(
      messages({ question: "Q", options: text(...Array.from({ length: 10 }, (_, i) => `${i}`)) }),
    ).toEqual([]);
  });

  it("says what is wrong in the catalogue's words", () => {
    expect(messages({ question: "  ", options: text("a", "b") })).toEqual([M.questionRequired]);
    expect(messages({ question: "Q", options: text("a") })).toEqual([M.tooFewOptions]);
    expect(
      messages({ question: "Q", options: text(...Array.from({ length: 11 }, (_, i) => `${i}`)) }),
    ).toEqual([M.tooManyOptions]);
    expect(messages({ question: "Q", options: text("Ramen", " RAMEN ") })).toEqual([M.duplicateOption]);
    expect(messages({ question: "Q", options: text("a", "") })).toEqual([M.optionRequired]);
    const id = "6f0c5a8e-3a52-4f7e-9a43-2d3c1b7f0e11";
    expect(
      messages({
        question: "Q",
        options: [
          { kind: "place", placeId: id },
          { kind: "place", placeId: id },
        ],
      }),
    ).toEqual([M.duplicateOption]);
    expect(messages({ question: "Q", options: [...text("a"), { kind: "place", placeId: id }] })).toEqual([
      M.mixedOptions,
    ]);
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(messages({ question: "Q", options: text("a", "b"), closesAt: past })).toEqual([M.closesInPast]);
    expect(messages({ question: "Q", options: text("a", "b"), closesAt: "tomorrow" })).toEqual([
      M.closesInvalid,
    ]);
  });
});
