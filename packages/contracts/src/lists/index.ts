export * from "./messages";
export * from "./schemas";
export * from "./starters";
