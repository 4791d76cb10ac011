export * from "./catalogue";
export * from "./site";
export * from "./loads";
