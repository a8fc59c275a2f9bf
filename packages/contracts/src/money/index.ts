export * from "./convert";
export * from "./currency";
export * from "./messages";
export * from "./result";
export * from "./schemas";
export * from "./settle";
export * from "./split";
