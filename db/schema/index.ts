export * from "./catalogue";
export * from "./site";
export * from "./loads";
export * from "./accounts";
export * from "./saved-searches";
export * from "./workspace";
export * from "./dropbox";
export * from "./revisions";
