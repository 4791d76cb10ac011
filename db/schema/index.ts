export * from "./catalogue";
export * from "./site";
