// The registers feature's server face (issue 32; docs/architecture.md, decision 086).
export { registerOpen } from "./register.server";
