export * from "./catalogue";
export * from "./site";
export * from "./loads";
export * from "./accounts";
export * from "./workspace";
export * from "./dropbox";
