import { randomInt } from "node:crypto";

// 8 characters without look-alikes (no 0/O, 1/I/L): 31^8 ≈ 8.5e11 codes.
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 8;

export function generateCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** XXXX-XXXX, as shown to people. */
export const displayCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** Any case, with or without hyphens or spaces. */
export const normalizeCode = (input: string) => input.toUpperCase().replace(/[^A-Z0-9]/g, "");
