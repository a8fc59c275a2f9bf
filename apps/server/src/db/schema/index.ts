export * from "./account";
export * from "./auth";
export * from "./chat";
export * from "./itinerary";
export * from "./notifications";
export * from "./places";
export * from "./system";
export * from "./trips";
