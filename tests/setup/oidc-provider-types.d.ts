// oidc-provider ships no types: the little of it the single sign-on tests use (tests/setup/oidc-provider.ts).
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  type Account = { accountId: string; claims(): Promise<Record<string, unknown>> };
  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & { findAccount?(ctx: unknown, id: string): Promise<Account | undefined> },
    );
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
