export * from "./constants";
export * from "./errors";
export * from "./feedback";
export * from "./messages";
export * from "./palette";
export * from "./place-search";
export * from "./session";
