import { PASSWORD_MIN } from "@tabi/contracts";
import { expect, it } from "vitest";
import { credentialsError } from "./CredentialFields";

const t = (key: string) => key;
const password = "x".repeat(PASSWORD_MIN);

it("asks for a real e-mail address before the server sees it, signing up or in", () => {
  for (const mode of ["signup", "signin"] as const) {
    for (const email of ["bob@", "bob", "bob@example", "@example.com", "bob @example.com"])
      expect(credentialsError(mode, { email, password, confirm: password }, t), email).toBe(
        "auth:error.email",
      );
    expect(credentialsError(mode, { email: " bob@example.com ", password, confirm: password }, t)).toBeNull();
  }
});

it("says what is missing first, then the password rules", () => {
  expect(credentialsError("signin", { email: "", password, confirm: "" }, t)).toBe("auth:error.required");
  expect(credentialsError("signup", { email: "a@b.co", password, confirm: "other" }, t)).toBe(
    "server:messages.passwordsDoNotMatch",
  );
});
