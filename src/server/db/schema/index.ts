export * from "./staff";
export * from "./customers";
export * from "./services";
export * from "./schedules";
export * from "./messages";
export * from "./payments";
export * from "./platform";
export * from "./notifications";
