import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID Connect provider for the single sign-on tests (oidc-provider, development interactions:
 * its own login form accepts any password for the login typed, then a consent form). Accounts are the
 * `accounts` map, read at each request so a test can change someone's claims between two sign-ins.
 */
export type TestAccount = {
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  roles?: string[];
};

export async function startOidcProvider(opts: {
  port?: number;
  redirectUris: string[];
  accounts: Record<string, TestAccount>;
  clientId?: string;
  clientSecret?: string;
}) {
  const server = http.createServer();
  server.listen(opts.port ?? 0, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", () => resolve());
    server.once("error", reject);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId ?? "teca",
        client_secret: opts.clientSecret ?? "teca-secret",
        redirect_uris: opts.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name", "roles"] },
    async findAccount(_ctx, id) {
      const account = opts.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email_verified: true, ...opts.accounts[id] }) };
    },
    cookies: { keys: ["a test key, not a secret"] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
  });
  provider.on("server_error", (_ctx, err) => console.error("oidc-provider:", err));
  server.on("request", provider.callback());
  return {
    issuer,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A cookie jar for fetch: name → value per origin, paths and expiry ignored (enough for these flows). */
export class CookieJar {
  private jars = new Map<string, Map<string, string>>();
  store(url: string, res: Response) {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(name);
      else jar.set(name, value);
    }
    this.jars.set(origin, jar);
  }
  header(url: string) {
    return [...(this.jars.get(new URL(url).origin) ?? new Map<string, string>()).entries()].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  get(url: string, name: string) {
    return this.jars.get(new URL(url).origin)?.get(name);
  }
  async fetch(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set("cookie", cookie);
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    this.store(url, res);
    return res;
  }
}

/**
 * Follows a sign-in from a URL through the provider's development forms (login as `login`, then consent,
 * or abort when `deny`) until the provider sends the browser back to `until` (the callback): that URL.
 */
export async function throughProvider(
  jar: CookieJar,
  startUrl: string,
  opts: { login: string; until: string; deny?: boolean },
): Promise<string> {
  let url = startUrl;
  for (let i = 0; i < 20; i++) {
    if (url.startsWith(opts.until)) return url;
    const res = await jar.fetch(url);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url).href;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status} at ${url}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form at ${url}`);
    if (opts.deny && prompt === "consent") {
      const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
      url = new URL(abort ?? `${new URL(action, url).pathname}/abort`, url).href;
      continue;
    }
    const body = new URLSearchParams(prompt === "login" ? { prompt, login: opts.login, password: "anything" } : { prompt });
    const post = await jar.fetch(new URL(action.replace(/&amp;/g, "&"), url).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    if (post.status < 300 || post.status >= 400) throw new Error(`provider answered ${post.status} to the ${prompt} form`);
    url = new URL(post.headers.get("location")!, url).href;
  }
  throw new Error("too many steps at the provider");
}
